//! How often a long call's progress is worth passing on.
//!
//! The generators report after every row, thousands of times for a huge
//! map, far more often than a progress bar can show or a worker should
//! post messages. A [`Throttle`] keeps the reports that moved the share by
//! a step.

/// Lets a share of the work through when it is at least `step` past the
/// last one let through, and always the end (a share of 1 or more).
#[derive(Clone, Copy, Debug)]
pub struct Throttle {
    step: f64,
    last: f64,
}

impl Throttle {
    /// A throttle that lets the first share through, then one per `step`.
    pub fn new(step: f64) -> Self {
        Self {
            step,
            last: f64::NEG_INFINITY,
        }
    }

    /// Whether `share` is worth telling; if it is, it becomes the last one
    /// told.
    pub fn passes(&mut self, share: f64) -> bool {
        let passes = share >= 1.0 || share >= self.last + self.step;
        if passes {
            self.last = share;
        }
        passes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lets_through_the_first_share_one_per_step_and_the_end() {
        let mut throttle = Throttle::new(0.25);
        let told: Vec<f64> = (0..=20)
            .map(|step| f64::from(step) / 20.0)
            .filter(|&share| throttle.passes(share))
            .collect();
        assert_eq!(told, [0.0, 0.25, 0.5, 0.75, 1.0]);
    }

    #[test]
    fn the_end_is_told_even_right_after_a_report() {
        let mut throttle = Throttle::new(0.1);
        assert!(throttle.passes(0.95));
        assert!(!throttle.passes(0.99));
        assert!(throttle.passes(1.0));
        assert!(
            throttle.passes(1.0),
            "every end is told, the page asks for it"
        );
    }
}
