//! Where the house bots think: a fixed pool of threads of their own, fed
//! by a queue, at the scheduler's lowest priority. A search takes a core
//! for up to seconds; on the tables' threads it would hold up every match
//! sharing them, so it never runs there; and at the lowest priority it
//! takes only the CPU time the tables leave, so that however many bots
//! think, players' actions are not queued behind them.

use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use fray_bots::Decision;
use fray_protocol::{BotLevel, Seat};
use fray_rules::Game;
use tokio::sync::oneshot;

use crate::metrics::Metrics;

type Job = Box<dyn FnOnce() + Send>;

/// What a bot thought, for the match that asked.
#[derive(Debug, Clone, PartialEq)]
pub enum Thought {
    /// Its decision where its seat must act; none if it had nothing to
    /// decide.
    Act(Option<Decision>),
    /// What it expects of the game (0 to 1, a draw being half), to answer
    /// a draw offer by; none where it values nothing (`random`).
    Value(Option<f64>),
}

pub struct Thinking {
    jobs: mpsc::Sender<Job>,
    /// Scales every level's search.
    budget: f64,
    metrics: Arc<Metrics>,
}

impl std::fmt::Debug for Thinking {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Thinking")
            .field("budget", &self.budget)
            .finish_non_exhaustive()
    }
}

impl Thinking {
    /// A pool of `threads` threads (at least one), searching with every
    /// level scaled by `budget`. The threads end when it is dropped.
    pub fn start(threads: usize, budget: f64, metrics: Arc<Metrics>) -> Thinking {
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for index in 0..threads.max(1) {
            let queue = queue.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("fray-bot-{index}"))
                .spawn(move || {
                    think_last();
                    loop {
                        // The lock is held only to take a job, not to do it.
                        let job = queue
                            .lock()
                            .map_err(|_| ())
                            .and_then(|queue| queue.recv().map_err(|_| ()));
                        match job {
                            Ok(job) => job(),
                            Err(()) => break,
                        }
                    }
                });
            if let Err(error) = spawned {
                tracing::error!(%error, "a house bot's thread could not start");
            }
        }
        Thinking {
            jobs,
            budget,
            metrics,
        }
    }

    /// `level`'s decision for `seat` in `game`, from `seed`.
    pub fn decide(
        &self,
        game: Game,
        seat: Seat,
        level: BotLevel,
        seed: u64,
    ) -> oneshot::Receiver<Thought> {
        let budget = self.budget;
        self.run(move || Thought::Act(fray_bots::decide(&game, seat, level, budget, seed)))
    }

    /// What `level` expects of `game` for `seat`, from `seed`.
    pub fn evaluate(
        &self,
        game: Game,
        seat: Seat,
        level: BotLevel,
        seed: u64,
    ) -> oneshot::Receiver<Thought> {
        let budget = self.budget;
        self.run(move || Thought::Value(fray_bots::evaluate(&game, seat, level, budget, seed)))
    }

    /// Queues `work`; its result comes on the receiver. Work whose asker
    /// has gone (a match stopped meanwhile) is dropped unstarted.
    fn run(&self, work: impl FnOnce() -> Thought + Send + 'static) -> oneshot::Receiver<Thought> {
        let (answer, thought) = oneshot::channel();
        let metrics = self.metrics.clone();
        metrics.bot_thoughts_waiting.inc();
        let job: Job = Box::new(move || {
            if answer.is_closed() {
                metrics.bot_thoughts_waiting.dec();
                return;
            }
            let started = Instant::now();
            // A search that panics must not take its thread with it: the
            // pool would shrink with every one until no bot thought. Its
            // asker hears nothing, which a bot's seat takes as a refused
            // decision and asks again.
            let thought = std::panic::catch_unwind(std::panic::AssertUnwindSafe(work));
            metrics
                .bot_thought_seconds
                .observe(started.elapsed().as_secs_f64());
            metrics.bot_thoughts_waiting.dec();
            match thought {
                Ok(thought) => {
                    let _ = answer.send(thought);
                }
                Err(_) => tracing::error!("a house bot's search failed; its seat asks again"),
            }
        });
        // The threads are gone only when the server is: then nobody awaits
        // the answer either.
        let _ = self.jobs.send(job);
        thought
    }
}

/// Lowers the calling thread to the scheduler's idle class: it runs only
/// on a core no other thread of the machine wants, so that the tables'
/// threads (and the store's) always take a core before a bot's search.
/// Lowering a thread needs no privilege; where it fails, the bot thinks at
/// the usual priority, and says so.
fn think_last() {
    use thread_priority::{
        NormalThreadSchedulePolicy, ThreadPriority, ThreadSchedulePolicy,
        set_thread_priority_and_policy, thread_native_id,
    };
    let idle = ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle);
    if let Err(error) =
        set_thread_priority_and_policy(thread_native_id(), ThreadPriority::Min, idle)
    {
        tracing::warn!(?error, "a house bot's thread keeps the usual priority");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn bots_think_on_threads_of_the_idle_class_and_the_thought_comes_back() {
        let thinking = Thinking::start(2, 1.0, Arc::default());
        let (told, policy) = std::sync::mpsc::channel();
        let thought = thinking.run(move || {
            let _ = told.send(thread_priority::thread_schedule_policy());
            Thought::Value(Some(0.25))
        });
        assert_eq!(thought.await.unwrap(), Thought::Value(Some(0.25)));
        let policy = policy.recv().unwrap().expect("the policy reads");
        assert_eq!(
            policy,
            thread_priority::ThreadSchedulePolicy::Normal(
                thread_priority::NormalThreadSchedulePolicy::Idle
            )
        );
        assert_eq!(thinking.metrics.bot_thoughts_waiting.get(), 0);
    }

    #[tokio::test]
    async fn a_search_that_panics_loses_its_thought_but_not_its_thread() {
        let thinking = Thinking::start(1, 1.0, Arc::default());
        let lost = thinking.run(|| panic!("a search gone wrong"));
        assert!(lost.await.is_err(), "no thought comes from a panic");
        let thought = thinking.run(|| Thought::Value(Some(0.5)));
        let thought = tokio::time::timeout(std::time::Duration::from_secs(30), thought)
            .await
            .expect("the pool's one thread still thinks");
        assert_eq!(thought.unwrap(), Thought::Value(Some(0.5)));
        assert_eq!(thinking.metrics.bot_thoughts_waiting.get(), 0);
    }
}
