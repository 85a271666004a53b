//! Every piece of the playable factions: its key, name, one-character glyph
//! (distinct across all factions, so any two factions can share a board)
//! and the book's line for it.

use super::factions::Faction;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    King,
    Man,
    Sergeant,
    Goatman,
    Minotaur,
    Boarman,
    Leonine,
    Zombie,
    GraveGuard,
    DeathKnight,
    Phylactery,
    LichKing,
    Glob,
    Oozle,
    Goolem,
    Goobeast,
    Goobrain,
    Drone,
    Factory,
    MechaKnight,
    RoboRook,
    AutoBishop,
    Villager,
    BunnyKnight,
    HeadChef,
    Mayor,
    Reaper,
    Shackle,
    Student,
    Mutant,
    Bombardier,
    Grenadier,
    Explosivista,
    ArchChancellor,
    Butcher,
    Bull,
    Auroch,
    Hog,
    Fowl,
    Diner,
    Sprite,
    FaerieKnight,
    Dryad,
    Titania,
    Oberon,
    Swarmling,
    HiveQueen,
    Chest,
    Trap,
    Minion,
    Barracks,
    Generator,
    Spirit,
    Shade,
    Phantom,
    Poltergeist,
    Wraith,
}

struct Profile {
    key: &'static str,
    name: &'static str,
    glyph: &'static str,
    faction: Faction,
    text: &'static str,
}

const fn profile(
    key: &'static str,
    name: &'static str,
    glyph: &'static str,
    faction: Faction,
    text: &'static str,
) -> Profile {
    Profile {
        key,
        name,
        glyph,
        faction,
        text,
    }
}

use Faction::{
    Alchemist, Beastfolk, Butcher, Classique, Faerie, Ghost, Halflings, Peasant, Reaper, Robot,
    Slime, Swarm, Undead, Wallmaster,
};

/// In the order of [`Kind`].
const PROFILES: [Profile; 62] = [
    profile(
        "pawn",
        "Pawn",
        "P",
        Classique,
        "Moves and captures as a chess pawn.",
    ),
    profile(
        "knight",
        "Knight",
        "N",
        Classique,
        "Moves and captures as a chess knight.",
    ),
    profile(
        "bishop",
        "Bishop",
        "B",
        Classique,
        "Moves and captures as a chess bishop.",
    ),
    profile(
        "rook",
        "Rook",
        "R",
        Classique,
        "Moves and captures as a chess rook.",
    ),
    profile(
        "queen",
        "Queen",
        "Q",
        Classique,
        "Moves and captures as a chess queen.",
    ),
    profile(
        "king",
        "King",
        "K",
        Classique,
        "Moves as a chess king; may not be left in check.",
    ),
    profile(
        "man",
        "Man",
        "m",
        Peasant,
        "One square diagonally forward; takes by leaping, chaining takes; promotes to Sergeant.",
    ),
    profile(
        "sergeant",
        "Sergeant",
        "s",
        Peasant,
        "One square diagonally; takes by leaping, chaining takes.",
    ),
    profile(
        "goatman",
        "Goatman",
        "g",
        Beastfolk,
        "1–4 squares forward at random (or diagonally forward toward an adjacent enemy), taking what it passes; promotes to Minotaur or Boarman.",
    ),
    profile(
        "minotaur",
        "Minotaur",
        "M",
        Beastfolk,
        "1–8 squares in a cardinal direction at random, taking what it passes.",
    ),
    profile(
        "boarman",
        "Boarman",
        "b",
        Beastfolk,
        "1–8 squares in a diagonal direction at random, taking what it passes.",
    ),
    profile(
        "leonine",
        "Leonine",
        "L",
        Beastfolk,
        "1–8 squares in any direction at random, taking what it passes, friends included.",
    ),
    profile(
        "zombie",
        "Zombie",
        "z",
        Undead,
        "1 or 2 squares forward; a 2-square move pushes its neighbouring Zombies 1 forward.",
    ),
    profile(
        "grave-guard",
        "Grave Guard",
        "G",
        Undead,
        "Up to 6 squares in a cardinal direction; the other Grave Guard may follow.",
    ),
    profile(
        "death-knight",
        "Death Knight",
        "D",
        Undead,
        "A knight's move, then one diagonal step; captures once.",
    ),
    profile(
        "phylactery",
        "Phylactery",
        "y",
        Undead,
        "Cannot move; carried along by a friendly piece that starts beside it.",
    ),
    profile(
        "lich-king",
        "Lich-King",
        "l",
        Undead,
        "Up to 3 squares in any direction; returns beside the Phylactery when captured.",
    ),
    profile(
        "glob",
        "Glob",
        "o",
        Slime,
        "1 square in any direction; two Globs merge into an Oozle.",
    ),
    profile(
        "oozle",
        "Oozle",
        "O",
        Slime,
        "Up to 2 squares in any direction; merges into a Goolem or splits into Globs.",
    ),
    profile(
        "goolem",
        "Goolem",
        "E",
        Slime,
        "Up to 4 squares in any direction; merges into a Goobeast or splits into Oozles.",
    ),
    profile(
        "goobeast",
        "Goobeast",
        "X",
        Slime,
        "Up to 8 squares in any direction; splits into Goolems.",
    ),
    profile(
        "goobrain",
        "Goobrain",
        "@",
        Slime,
        "1 square left or right.",
    ),
    profile(
        "drone",
        "Drone",
        "d",
        Robot,
        "1 square forward, left or right; three Drones build a Factory.",
    ),
    profile(
        "factory",
        "Factory",
        "F",
        Robot,
        "Cannot move; places a Robot piece beside it at the start of the turn.",
    ),
    profile(
        "mecha-knight",
        "Mecha-Knight",
        "H",
        Robot,
        "2 squares in any direction, leaping; at most 2.",
    ),
    profile(
        "robo-rook",
        "Robo-Rook",
        "r",
        Robot,
        "Up to 6 squares in a cardinal direction; at most 2.",
    ),
    profile(
        "auto-bishop",
        "Auto-Bishop",
        "a",
        Robot,
        "Up to 6 squares in a diagonal direction; at most 2.",
    ),
    profile(
        "villager",
        "Villager",
        "v",
        Halflings,
        "Moves and captures as a pawn; promotes to Bunny Knight or Head Chef.",
    ),
    profile(
        "bunny-knight",
        "Bunny Knight",
        "u",
        Halflings,
        "2 squares in any direction, then 2 at a right angle, leaping; takes on either.",
    ),
    profile(
        "head-chef",
        "Head Chef",
        "C",
        Halflings,
        "Up to 5 squares in any direction; Villagers beside it may step any way.",
    ),
    profile(
        "mayor",
        "Mayor",
        "Y",
        Halflings,
        "As a king, only beside a Villager or when threatened; one more step beside a Villager.",
    ),
    profile(
        "reaper",
        "Reaper",
        "W",
        Reaper,
        "Moves as a queen; cannot capture; removes every piece adjacent at the end of its move.",
    ),
    profile(
        "shackle",
        "Shackle",
        "#",
        Reaper,
        "Cannot move; a Reaper within 4 squares of it must stay within 4.",
    ),
    profile(
        "student",
        "Student",
        "t",
        Alchemist,
        "Moves as a pawn; becomes a Mutant when it captures; promotes to Bombardier, Grenadier or Explosivista.",
    ),
    profile(
        "mutant",
        "Mutant",
        "T",
        Alchemist,
        "Up to 2 squares any way, leaping; must take at the start of the turn when one can.",
    ),
    profile(
        "bombardier",
        "Bombardier",
        "j",
        Alchemist,
        "Up to 3 squares straight; then may throw a bomb diagonally, a random distance (0 included).",
    ),
    profile(
        "grenadier",
        "Grenadier",
        "J",
        Alchemist,
        "Up to 3 squares diagonally; then may throw a grenade straight, a random distance (0 included).",
    ),
    profile(
        "explosivista",
        "Explosivista",
        "x",
        Alchemist,
        "Up to 2 squares any way; then may throw an explosive any way, a random distance (0 included).",
    ),
    profile(
        "arch-chancellor",
        "Arch-Chancellor",
        "A",
        Alchemist,
        "Moves as a king; cannot take.",
    ),
    profile(
        "butcher",
        "Butcher",
        "h",
        Butcher,
        "Moves as a king; may slaughter up to three friendly adjacent pieces at the end of its move.",
    ),
    profile(
        "bull",
        "Bull",
        "V",
        Butcher,
        "Moves as a rook; may charge through one piece, friend or enemy (not a Bull or Auroch), to an empty square, slaughtering it; leaves a corpse.",
    ),
    profile(
        "auroch",
        "Auroch",
        "e",
        Butcher,
        "Moves as a queen onto empty squares; cannot capture; steps one square away when an enemy would capture it; leaves a corpse.",
    ),
    profile(
        "hog",
        "Hog",
        "w",
        Butcher,
        "Moves as a bishop, and may turn once onto a crossing diagonal; leaves a corpse.",
    ),
    profile(
        "fowl",
        "Fowl",
        "f",
        Butcher,
        "Two squares any way, leaping the first; captures only by a one-square step; leaves a corpse.",
    ),
    profile(
        "diner",
        "Diner",
        "n",
        Butcher,
        "One square any way; or eats a corpse beside it and makes that move as the corpse's piece.",
    ),
    profile(
        "sprite",
        "Sprite",
        "i",
        Faerie,
        "Up to 2 squares forward; 1 diagonally forward on its first move; while threatened, may step 1 back or diagonally back.",
    ),
    profile(
        "faerie-knight",
        "Faerie Knight",
        "k",
        Faerie,
        "Up to 5 squares straight, leaping.",
    ),
    profile(
        "dryad",
        "Dryad",
        "I",
        Faerie,
        "Any distance any way; cannot capture or be captured.",
    ),
    profile(
        "titania",
        "Titania",
        "S",
        Faerie,
        "Up to 2 squares any way; up to 6 straight when threatened.",
    ),
    profile(
        "oberon",
        "Oberon",
        "U",
        Faerie,
        "Up to 2 squares left or right.",
    ),
    profile(
        "swarmling",
        "Swarmling",
        "%",
        Swarm,
        "1 square any way; Swarmlings stack, move together, and capture or defend on a d20 roll.",
    ),
    profile(
        "hive-queen",
        "Hive Queen",
        "q",
        Swarm,
        "Cannot move; places 2d6 Swarmlings at the start of the turn.",
    ),
    profile(
        "chest",
        "Chest",
        "=",
        Wallmaster,
        "Cannot move; places up to 3 walls, traps, Minions, Barracks or Generators at the start of the turn.",
    ),
    profile(
        "trap",
        "Trap",
        "^",
        Wallmaster,
        "Cannot move; the piece that captures it is removed.",
    ),
    profile(
        "minion",
        "Minion",
        "c",
        Wallmaster,
        "Moves as a king; placed beside its own Chest or Barracks.",
    ),
    profile(
        "barracks",
        "Barracks",
        "+",
        Wallmaster,
        "Cannot move; Minions may be placed beside it, Barracks within a rank of it.",
    ),
    profile(
        "generator",
        "Generator",
        "&",
        Wallmaster,
        "Cannot move; places one wall or piece at the start of the turn.",
    ),
    profile(
        "spirit",
        "Spirit",
        "~",
        Ghost,
        "1 square forward; never captures; shares a square with any piece but a friendly Spirit, and an enemy sharing it cannot move.",
    ),
    profile(
        "shade",
        "Shade",
        "?",
        Ghost,
        "Up to 4 squares any way, through every piece; never takes by moving; may haunt its square unseen and capture the next enemy to enter it.",
    ),
    profile(
        "phantom",
        "Phantom",
        "p",
        Ghost,
        "Leaps 2 or 3 squares any way; becomes a copy of what it captures, and may turn back before a move.",
    ),
    profile(
        "poltergeist",
        "Poltergeist",
        "!",
        Ghost,
        "Up to 5 squares any way, through friends; at the start of the turn may capture one enemy beside it.",
    ),
    profile(
        "wraith",
        "Wraith",
        "Z",
        Ghost,
        "Up to 2 squares any way, through friends; never captures.",
    ),
];

impl Kind {
    pub const ALL: [Kind; 62] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::King,
        Kind::Man,
        Kind::Sergeant,
        Kind::Goatman,
        Kind::Minotaur,
        Kind::Boarman,
        Kind::Leonine,
        Kind::Zombie,
        Kind::GraveGuard,
        Kind::DeathKnight,
        Kind::Phylactery,
        Kind::LichKing,
        Kind::Glob,
        Kind::Oozle,
        Kind::Goolem,
        Kind::Goobeast,
        Kind::Goobrain,
        Kind::Drone,
        Kind::Factory,
        Kind::MechaKnight,
        Kind::RoboRook,
        Kind::AutoBishop,
        Kind::Villager,
        Kind::BunnyKnight,
        Kind::HeadChef,
        Kind::Mayor,
        Kind::Reaper,
        Kind::Shackle,
        Kind::Student,
        Kind::Mutant,
        Kind::Bombardier,
        Kind::Grenadier,
        Kind::Explosivista,
        Kind::ArchChancellor,
        Kind::Butcher,
        Kind::Bull,
        Kind::Auroch,
        Kind::Hog,
        Kind::Fowl,
        Kind::Diner,
        Kind::Sprite,
        Kind::FaerieKnight,
        Kind::Dryad,
        Kind::Titania,
        Kind::Oberon,
        Kind::Swarmling,
        Kind::HiveQueen,
        Kind::Chest,
        Kind::Trap,
        Kind::Minion,
        Kind::Barracks,
        Kind::Generator,
        Kind::Spirit,
        Kind::Shade,
        Kind::Phantom,
        Kind::Poltergeist,
        Kind::Wraith,
    ];

    fn profile(self) -> &'static Profile {
        &PROFILES[self as usize]
    }

    pub fn key(self) -> &'static str {
        self.profile().key
    }

    pub fn name(self) -> &'static str {
        self.profile().name
    }

    pub fn glyph(self) -> &'static str {
        self.profile().glyph
    }

    pub fn faction(self) -> Faction {
        self.profile().faction
    }

    /// The book's rule for the piece, in a line.
    pub fn text(self) -> &'static str {
        self.profile().text
    }

    /// Whether the faction's defeat condition names this kind: its side
    /// loses when none is left (the Undead at the start of their turn).
    pub fn is_leader(self) -> bool {
        matches!(
            self,
            Kind::King
                | Kind::Sergeant
                | Kind::Leonine
                | Kind::LichKing
                | Kind::Goobrain
                | Kind::Factory
                | Kind::Mayor
                | Kind::Reaper
                | Kind::ArchChancellor
                | Kind::Butcher
                | Kind::Oberon
                | Kind::HiveQueen
                | Kind::Chest
                | Kind::Wraith
        )
    }

    /// Whether an enemy may ever capture a piece of this kind: a Dryad
    /// "cannot be captured" (line 46, F7), by any faction's move.
    pub fn can_be_captured(self) -> bool {
        self != Kind::Dryad
    }

    pub fn by_key(key: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.key() == key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn profiles_are_in_kind_order_with_distinct_keys_and_glyphs() {
        for kind in Kind::ALL {
            assert_eq!(Kind::by_key(kind.key()), Some(kind));
        }
        let glyphs: BTreeSet<_> = Kind::ALL.iter().map(|k| k.glyph()).collect();
        assert_eq!(glyphs.len(), Kind::ALL.len(), "a glyph is shared");
        assert!(Kind::ALL.iter().all(|k| k.glyph().chars().count() == 1));
    }
}
