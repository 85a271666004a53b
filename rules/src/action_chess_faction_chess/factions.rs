//! The fourteen factions: a player's army list is the choice of one. Each
//! faction's own rules live in its own file; this one names them and says
//! which are playable yet.

use super::pieces::Kind;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Faction {
    Classique,
    Peasant,
    Beastfolk,
    Undead,
    Slime,
    Robot,
    Halflings,
    Ghost,
    Faerie,
    Alchemist,
    Swarm,
    Reaper,
    Butcher,
    Wallmaster,
}

impl Faction {
    pub const ALL: [Faction; 14] = [
        Faction::Classique,
        Faction::Peasant,
        Faction::Beastfolk,
        Faction::Undead,
        Faction::Slime,
        Faction::Robot,
        Faction::Halflings,
        Faction::Ghost,
        Faction::Faerie,
        Faction::Alchemist,
        Faction::Swarm,
        Faction::Reaper,
        Faction::Butcher,
        Faction::Wallmaster,
    ];

    /// The factions a match may field now; the others are listed in the
    /// rules document as not implemented yet.
    pub const PLAYABLE: [Faction; 14] = [
        Faction::Classique,
        Faction::Peasant,
        Faction::Beastfolk,
        Faction::Undead,
        Faction::Slime,
        Faction::Robot,
        Faction::Halflings,
        Faction::Ghost,
        Faction::Faerie,
        Faction::Alchemist,
        Faction::Reaper,
        Faction::Butcher,
        Faction::Swarm,
        Faction::Wallmaster,
    ];

    pub fn is_playable(self) -> bool {
        Faction::PLAYABLE.contains(&self)
    }

    pub fn key(self) -> &'static str {
        match self {
            Faction::Classique => "classique",
            Faction::Peasant => "peasant",
            Faction::Beastfolk => "beastfolk",
            Faction::Undead => "undead",
            Faction::Slime => "slime",
            Faction::Robot => "robot",
            Faction::Halflings => "halflings",
            Faction::Ghost => "ghost",
            Faction::Faerie => "faerie",
            Faction::Alchemist => "alchemist",
            Faction::Swarm => "swarm",
            Faction::Reaper => "reaper",
            Faction::Butcher => "butcher",
            Faction::Wallmaster => "wallmaster",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Faction::Classique => "Classique",
            Faction::Peasant => "Peasant",
            Faction::Beastfolk => "Beastfolk",
            Faction::Undead => "Undead",
            Faction::Slime => "Slime",
            Faction::Robot => "Robot",
            Faction::Halflings => "Halflings",
            Faction::Ghost => "Ghost",
            Faction::Faerie => "Faerie",
            Faction::Alchemist => "Alchemist",
            Faction::Swarm => "Swarm",
            Faction::Reaper => "Reaper",
            Faction::Butcher => "Butcher",
            Faction::Wallmaster => "Wallmaster",
        }
    }

    pub fn by_key(key: &str) -> Option<Faction> {
        Faction::ALL
            .into_iter()
            .find(|faction| faction.key() == key)
    }

    /// The faction's pieces, the ones it starts with first.
    pub fn kinds(self) -> impl Iterator<Item = Kind> {
        Kind::ALL
            .into_iter()
            .filter(move |kind| kind.faction() == self)
    }

    /// What the faction is, in a sentence, for the system's description.
    pub fn description(self) -> &'static str {
        match self {
            Faction::Classique => "A regular chess side: check, castling, en passant, promotion.",
            Faction::Peasant => {
                "Draughts: 10 Men and 2 Sergeants leaping diagonally, chaining takes."
            }
            Faction::Beastfolk => {
                "8 Goatmen, 4 Minotaurs, 2 Boarmen and 2 Leonines moving random distances, \
                 taking what they pass through."
            }
            Faction::Undead => {
                "8 Zombies, 2 Grave Guards, 4 Death Knights, a Phylactery and the Lich-King, \
                 who returns beside the Phylactery when captured."
            }
            Faction::Slime => {
                "Globs, Oozles, Goolems and a Goobeast that merge and split, and the Goobrain \
                 they guard."
            }
            Faction::Robot => {
                "8 Drones and a Factory that builds Drones, Mecha-Knights, Robo-Rooks and \
                 Auto-Bishops; three Drones build a Factory."
            }
            Faction::Halflings => {
                "8 Villagers, 6 Bunny Knights, the Head Chef and a Mayor who moves only with \
                 Villagers near or when threatened."
            }
            Faction::Ghost => "Spirits, haunting Shades, Phantoms, the Poltergeist and the Wraith.",
            Faction::Faerie => "Sprites, Faerie Knights, Dryads, Titania and Oberon.",
            Faction::Alchemist => "Students and Mutants, bombs, grenades and explosives.",
            Faction::Swarm => "Forty stacking Swarmlings and the Hive Queen.",
            Faction::Reaper => "The Reaper and its Shackle.",
            Faction::Butcher => {
                "Butchers, Bulls, Aurochs, Hogs, Fowl and Diners feasting on corpses."
            }
            Faction::Wallmaster => "A Chest that places walls, traps, Minions and Barracks.",
        }
    }

    /// When the faction has lost, in the book's words.
    pub fn defeat_rule(self) -> &'static str {
        match self {
            Faction::Classique => "checkmated, or its King is off the board",
            Faction::Peasant => "it has no Sergeants",
            Faction::Beastfolk => "it has no Leonines",
            Faction::Undead => "it has no Lich-King at the start of its turn",
            Faction::Slime => "its Goobrain is captured",
            Faction::Robot => "it has no Factories",
            Faction::Halflings => "its Mayor is captured",
            Faction::Ghost => "its Wraith is captured",
            Faction::Faerie => "Oberon is captured",
            Faction::Alchemist => "its Arch-Chancellor is captured",
            Faction::Swarm => "its Hive Queen is captured",
            Faction::Reaper => "its Reaper is captured",
            Faction::Butcher => "it has no Butcher left",
            Faction::Wallmaster => "its Chest is captured",
        }
    }
}
