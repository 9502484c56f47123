//! The generators, one file each (one folder, with a file per algorithm,
//! for the gradient noises of chapter 4), in the order the series
//! introduces them.
//!
//! Each runs to any stage of its algorithm (see [`crate::Algorithm::stages`],
//! and [`noise::NoiseStage`] for the noises) and draws every random number
//! from [`crate::PointRandom`].

pub mod diamond_square;
pub mod midpoint_displacement;
pub mod noise;
pub mod random_noise;
pub mod recursive_midpoint_displacement;
pub mod tileable_diamond_square;
