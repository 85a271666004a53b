//! Pages of a match's log, for its history and its replay: a long game's
//! log (thousands of events, megabytes) is never one answer. A client asks
//! for the events `after` a `seq`, at most `limit` of them, and is told
//! where the next page begins (`next`) until the last.

use super::ApiError;

/// Which page a client asks for.
#[derive(Debug, Clone, Copy, Default)]
pub struct PageQuery {
    /// Only events after this `seq`: the `next` of the page before.
    pub after: Option<u64>,
    /// At most this many events (1 to the server's `--events-per-page`).
    pub limit: Option<usize>,
}

/// One page of events, and where the next begins, if there is one.
pub struct Page<T> {
    pub events: Vec<T>,
    pub next: Option<u64>,
}

impl PageQuery {
    /// The page of `events` (in `seq` order, each numbered by `seq_of`) the
    /// query asks for, of at most `most` events (the server's page, also
    /// the size of one the client gives no limit); `400` for a limit out of
    /// range.
    pub fn page<T>(
        self,
        most: usize,
        events: impl Iterator<Item = T>,
        seq_of: impl Fn(&T) -> u64,
    ) -> Result<Page<T>, ApiError> {
        let most = most.max(1);
        let limit = match self.limit {
            None => most,
            Some(limit) if (1..=most).contains(&limit) => limit,
            Some(limit) => {
                return Err(ApiError::bad_request(format!(
                    "limit must be 1 to {most} events, not {limit}"
                )));
            }
        };
        let after = self.after;
        let mut events: Vec<T> = events
            .skip_while(|event| after.is_some_and(|after| seq_of(event) <= after))
            .take(limit + 1)
            .collect();
        // One more than the page holds was read: there is a next page.
        let next = if events.len() > limit {
            events.truncate(limit);
            events.last().map(&seq_of)
        } else {
            None
        };
        Ok(Page { events, next })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MOST: usize = 1000;

    fn page(after: Option<u64>, limit: Option<usize>) -> (Vec<u64>, Option<u64>) {
        let Page { events, next } = PageQuery { after, limit }
            .page(MOST, 0..=9u64, |seq| *seq)
            .unwrap_or_else(|_| panic!("a page"));
        (events, next)
    }

    #[test]
    fn pages_follow_on_from_next_to_the_end() {
        assert_eq!(page(None, None), ((0..=9).collect(), None));
        assert_eq!(page(None, Some(4)), (vec![0, 1, 2, 3], Some(3)));
        assert_eq!(page(Some(3), Some(4)), (vec![4, 5, 6, 7], Some(7)));
        assert_eq!(page(Some(7), Some(4)), (vec![8, 9], None));
        assert_eq!(
            page(Some(5), Some(4)),
            (vec![6, 7, 8, 9], None),
            "exactly full"
        );
        assert_eq!(page(Some(9), None), (vec![], None));
    }

    #[test]
    fn a_limit_out_of_range_is_refused() {
        for limit in [0, MOST + 1] {
            let query = PageQuery {
                after: None,
                limit: Some(limit),
            };
            assert!(query.page(MOST, 0..3u64, |seq| *seq).is_err(), "{limit}");
        }
    }
}
