//! The eight directions of the board as players name them, clockwise from
//! north (toward rank 8): how moves, throws and lines are aimed.

/// A direction on the board, as players name it: north is toward rank 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Compass(pub u8);

impl Compass {
    pub const ALL: [Compass; 8] = [
        Compass(0),
        Compass(1),
        Compass(2),
        Compass(3),
        Compass(4),
        Compass(5),
        Compass(6),
        Compass(7),
    ];
    /// Each direction's `(file step, rank step)`, clockwise from north.
    pub const STEPS: [(i8, i8); 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    const NAMES: [&'static str; 8] = [
        "north",
        "north-east",
        "east",
        "south-east",
        "south",
        "south-west",
        "west",
        "north-west",
    ];
    const SHORT: [&'static str; 8] = ["n", "ne", "e", "se", "s", "sw", "w", "nw"];

    /// `(file step, rank step)`.
    pub fn step(self) -> (i8, i8) {
        Compass::STEPS[usize::from(self.0)]
    }

    pub fn of_step(step: (i8, i8)) -> Option<Compass> {
        Compass::STEPS
            .iter()
            .position(|&s| s == step)
            .map(|at| Compass(at as u8))
    }

    pub fn name(self) -> &'static str {
        Compass::NAMES[usize::from(self.0)]
    }

    pub fn short(self) -> &'static str {
        Compass::SHORT[usize::from(self.0)]
    }

    pub fn is_diagonal(self) -> bool {
        self.0 % 2 == 1
    }

    pub fn by_name(name: &str) -> Option<Compass> {
        Compass::ALL
            .into_iter()
            .find(|c| c.name() == name || c.short() == name)
    }
}
