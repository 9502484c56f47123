//! Things numbered by the demo they belong to, where demos come and go.
//!
//! A demo's number is given once and never again on the page: a removed
//! `<terrain-demo>` leaves no gap to fill, so word still on its way to it
//! (a timer, a worker's reply, a file being read) finds no demo rather than
//! the wrong one, and what it held is freed at once.

use std::collections::BTreeMap;

/// Values by demo number, in the order the demos were mounted.
#[derive(Debug, Clone)]
pub struct Slots<T> {
    values: BTreeMap<usize, T>,
    next: usize,
}

impl<T> Default for Slots<T> {
    fn default() -> Self {
        Self {
            values: BTreeMap::new(),
            next: 0,
        }
    }
}

impl<T> Slots<T> {
    /// The number the next demo gets.
    pub fn next_index(&self) -> usize {
        self.next
    }

    /// Adds `value` under the next number, and returns that number.
    pub fn push(&mut self, value: T) -> usize {
        let index = self.next;
        self.insert(index, value);
        index
    }

    /// Puts `value` under `index` (a number from [`Slots::next_index`] or
    /// another `Slots`' [`Slots::push`]); later numbers start after it.
    pub fn insert(&mut self, index: usize, value: T) {
        self.values.insert(index, value);
        self.next = self.next.max(index + 1);
    }

    /// Takes out what `index` held.
    pub fn remove(&mut self, index: usize) -> Option<T> {
        self.values.remove(&index)
    }

    /// The value under `index`, if it is still there.
    pub fn get(&self, index: usize) -> Option<&T> {
        self.values.get(&index)
    }

    /// The value under `index`, to change.
    pub fn get_mut(&mut self, index: usize) -> Option<&mut T> {
        self.values.get_mut(&index)
    }

    /// How many there are now.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The numbers in use, in order.
    pub fn indices(&self) -> Vec<usize> {
        self.values.keys().copied().collect()
    }

    /// The values, in order.
    pub fn values(&self) -> impl Iterator<Item = &T> {
        self.values.values()
    }

    /// Each number with its value, to change, in order.
    pub fn iter_mut(&mut self) -> impl Iterator<Item = (usize, &mut T)> {
        self.values.iter_mut().map(|(index, value)| (*index, value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_is_never_given_twice() {
        let mut slots = Slots::default();
        assert_eq!(slots.push("a"), 0);
        assert_eq!(slots.push("b"), 1);
        assert_eq!(slots.remove(1), Some("b"));
        assert_eq!(slots.push("c"), 2, "not 1 again");
        assert_eq!(slots.get(1), None);
        assert_eq!(slots.indices(), [0, 2]);
        assert_eq!(slots.len(), 2);
        slots.insert(7, "d");
        assert_eq!(slots.next_index(), 8);
        assert_eq!(slots.values().copied().collect::<Vec<_>>(), ["a", "c", "d"]);
        if let Some(value) = slots.get_mut(2) {
            *value = "e";
        }
        assert_eq!(slots.get(2), Some(&"e"));
    }
}
