//! Chessboard Confrontation: point-bought squads with die values and traits,
//! obstacles, initiative and activation tokens. Being written; not yet playable.
