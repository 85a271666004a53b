//! Summoners Chess: 64 random terrain tiles; holding three tiles of a terrain
//! summons its unit onto the fourth. Being written; not yet playable.
