//! The one writer of standard error. Diagnostics, notes and the search's progress display all go
//! through a [`Console`], so no writer can wait for a lock another one holds: `flexc` used to hang
//! forever in a terminal, the driver holding `stderr().lock()` for the whole run while the progress
//! bar's thread waited for it and the driver waited for that thread.
//!
//! On a terminal the progress of a search is an indicatif bar (redrawn ten times a second), suspended
//! while a line is written through the console; without one it is a line every
//! [`Console::every`] (best time so far, proposals, elapsed), so that a long run is never silent.
//! Writing through `&Console` takes the standard error lock for one write at a time only.

use flexc_core::search::{Budget, Progress};
use std::{
    io::{IsTerminal, Write},
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc, Mutex,
    },
    time::{Duration, Instant},
};

/// Standard error, shared by the driver's diagnostics and the progress display.
pub struct Console {
    /// Whether standard error is a terminal (a bar) or not (lines).
    terminal: bool,
    /// How often a progress line is printed without a terminal; `None`: never.
    every: Option<Duration>,
    /// The bar on screen, if any: lines written meanwhile suspend it.
    bar: Mutex<Option<indicatif::ProgressBar>>,
}

impl std::fmt::Debug for Console {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Console")
            .field("terminal", &self.terminal)
            .field("every", &self.every)
            .finish()
    }
}

impl Console {
    /// Standard error; progress as a bar on a terminal, else a line every `every` (`None`: none).
    pub fn stderr(every: Option<Duration>) -> Console {
        Console {
            terminal: std::io::stderr().is_terminal(),
            every,
            bar: Mutex::new(None),
        }
    }

    /// How often a progress line is printed without a terminal.
    pub fn every(&self) -> Option<Duration> {
        self.every
    }

    /// Shows the progress of a search until the returned guard is dropped: a bar on a terminal, else
    /// a line every [`Console::every`]. `what` names the search (`mcmc`).
    pub fn search_progress(
        self: &Arc<Self>,
        what: &str,
        budget: Budget,
        progress: Arc<Progress>,
    ) -> ProgressGuard {
        let done = Arc::new(AtomicBool::new(false));
        let start = Instant::now();
        let status = {
            let progress = progress.clone();
            move || {
                let best = progress
                    .best()
                    .map_or("none yet".to_string(), crate::core::units::seconds);
                let (simulated, pruned, total) = progress.schedule_candidates();
                let proposals = progress.proposals();
                let mut parts = Vec::new();
                if total > 0 {
                    parts.push(format!(
                        "{simulated} of {total} candidates simulated ({pruned} over memory)"
                    ));
                }
                if proposals > 0 || total == 0 {
                    parts.push(format!("{proposals} proposals"));
                }
                format!("{}, best {best}", parts.join(", "))
            }
        };
        let ticker = if self.terminal {
            let length = match budget {
                Budget::Proposals(n) => n,
                Budget::Time(d) => (d.as_millis() as u64).max(1),
            };
            let bar = indicatif::ProgressBar::with_draw_target(
                Some(length),
                indicatif::ProgressDrawTarget::stderr_with_hz(10),
            );
            bar.set_style(
                indicatif::ProgressStyle::with_template(&format!(
                    "flexc: searching ({what}) [{{bar:30}}] {{msg}}, {{elapsed_precise}}"
                ))
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
                .progress_chars("## "),
            );
            *self.bar.lock().unwrap_or_else(|e| e.into_inner()) = Some(bar.clone());
            let done = done.clone();
            Some(std::thread::spawn(move || {
                while !done.load(Ordering::Relaxed) {
                    bar.set_position(match budget {
                        Budget::Proposals(_) => progress.proposals(),
                        Budget::Time(_) => start.elapsed().as_millis() as u64,
                    });
                    bar.set_message(status());
                    std::thread::sleep(Duration::from_millis(100));
                }
            }))
        } else {
            self.every.map(|every| {
                let (console, done, what) = (self.clone(), done.clone(), what.to_string());
                std::thread::spawn(move || {
                    let mut next = every;
                    while !done.load(Ordering::Relaxed) {
                        std::thread::sleep(Duration::from_millis(50));
                        let elapsed = start.elapsed();
                        if elapsed >= next {
                            let _ = writeln!(
                                &*console,
                                "flexc: searching ({what}): {}, {:.0} s elapsed",
                                status(),
                                elapsed.as_secs_f64()
                            );
                            next += every;
                        }
                    }
                })
            })
        };
        ProgressGuard {
            console: self.clone(),
            done,
            ticker,
        }
    }
}

/// Writes one buffer at a time, suspending the bar (if any) around it.
impl Write for &Console {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let bar = self.bar.lock().unwrap_or_else(|e| e.into_inner()).clone();
        let write = || {
            let mut stderr = std::io::stderr();
            stderr.write_all(buf).and_then(|()| stderr.flush())
        };
        match bar {
            Some(bar) => bar.suspend(write),
            None => write(),
        }?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stderr().flush()
    }
}

/// A progress display of a search; stops (and clears the bar) when dropped.
pub struct ProgressGuard {
    console: Arc<Console>,
    done: Arc<AtomicBool>,
    ticker: Option<std::thread::JoinHandle<()>>,
}

impl Drop for ProgressGuard {
    fn drop(&mut self) {
        self.done.store(true, Ordering::Relaxed);
        if let Some(ticker) = self.ticker.take() {
            let _ = ticker.join();
        }
        let bar = self
            .console
            .bar
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        if let Some(bar) = bar {
            bar.finish_and_clear();
        }
    }
}
