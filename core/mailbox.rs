//! Matching of the device programs' communication, independent of where the data lives: the one
//! protocol of `flexc-run`'s CPU runtime (host byte buffers as payloads) and `flexc-gpu` (device
//! staging buffers):
//!
//! - `send` posts a payload under `(from, to, tag)` and returns (buffered: the sender has already
//!   copied its data into a staging buffer);
//! - `recv` waits for `(peer, me, tag)` and takes the payload; payloads under one key are received in
//!   the order they were sent (MPI's non-overtaking rule: a send inside a loop posts one message per
//!   iteration under the same tag);
//! - `all_reduce` matches the calls of one group (a bit mask of devices) by the caller's count of
//!   calls with that mask; every member must describe the call alike (its kind, element type and
//!   shape: members that disagree are the run's failure, naming both, instead of a result that
//!   follows whichever arrives last); the last member to arrive combines the contributions **in
//!   ascending device order** (so the result does not depend on timing) and every member reads the
//!   result. `collective` is the same meeting for any collective (all-gather, reduce-scatter: the
//!   combination and what each member keeps of it are the caller's); the n-th calls of one group must
//!   be the same collective, else the run fails.
//!
//! Problems (a device outside a group, a peer that does not exist, unread messages at the end) become
//! the run's failure; waits return at once from then on. A deadlock is
//! detected when every device that has not finished waits and none can proceed; a wait longer than
//! [`WAIT_LIMIT`] is a failure too. Nothing here panics or blocks forever.

use crate::DeviceCount;
use std::{
    collections::{BTreeMap, HashMap, VecDeque},
    sync::{Arc, Condvar, Mutex, MutexGuard},
    time::Duration,
};

/// How long a device may wait for one message before the run is declared stuck.
pub const WAIT_LIMIT: Duration = Duration::from_secs(300);

struct Reduction<P> {
    contributions: BTreeMap<usize, P>,
    result: Option<Arc<P>>,
    unread: usize,
    /// Which collective the first member called.
    what: &'static str,
    /// The first member's description of the call, and that member.
    signature: Option<(usize, String)>,
}

struct State<P> {
    mailbox: HashMap<(usize, usize, i64), VecDeque<P>>,
    reductions: HashMap<(i64, u64), Reduction<P>>,
    calls: HashMap<(usize, i64), u64>,
    blocked: Vec<bool>,
    finished: Vec<bool>,
    failure: Option<String>,
    messages: u64,
    bytes: u64,
    all_reduces: u64,
}

/// What a run communicated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traffic {
    pub messages: u64,
    pub bytes: u64,
    pub all_reduces: u64,
}

/// The meeting point of `devices` device threads exchanging payloads `P`.
pub struct Mailbox<P> {
    devices: usize,
    state: Mutex<State<P>>,
    changed: Condvar,
    wait_limit: Duration,
}

impl<P> Mailbox<P> {
    pub fn new(devices: DeviceCount) -> Mailbox<P> {
        Self::with_wait_limit(devices, WAIT_LIMIT)
    }

    pub fn with_wait_limit(devices: DeviceCount, wait_limit: Duration) -> Mailbox<P> {
        let devices = devices.to_usize();
        Mailbox {
            devices,
            state: Mutex::new(State {
                mailbox: HashMap::new(),
                reductions: HashMap::new(),
                calls: HashMap::new(),
                blocked: vec![false; devices],
                finished: vec![false; devices],
                failure: None,
                messages: 0,
                bytes: 0,
                all_reduces: 0,
            }),
            changed: Condvar::new(),
            wait_limit,
        }
    }

    pub fn devices(&self) -> usize {
        self.devices
    }

    fn lock(&self) -> MutexGuard<'_, State<P>> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The first problem of the run.
    pub fn failure(&self) -> Option<String> {
        self.lock().failure.clone()
    }

    pub fn traffic(&self) -> Traffic {
        let state = self.lock();
        Traffic {
            messages: state.messages,
            bytes: state.bytes,
            all_reduces: state.all_reduces,
        }
    }

    /// Records a failure (the first one wins) and wakes every waiting device.
    pub fn fail(&self, message: String) {
        let mut state = self.lock();
        self.fail_locked(&mut state, message);
    }

    fn fail_locked(&self, state: &mut State<P>, message: String) {
        if state.failure.is_none() {
            state.failure = Some(message);
        }
        self.progress(state);
    }

    fn progress(&self, state: &mut State<P>) {
        state.blocked.iter_mut().for_each(|b| *b = false);
        self.changed.notify_all();
    }

    /// Device `device`'s program has returned. Once all have, unread messages are a failure.
    pub fn finish(&self, device: usize) {
        let mut state = self.lock();
        if let Some(f) = state.finished.get_mut(device) {
            *f = true;
        }
        if state.finished.iter().all(|&f| f) && state.failure.is_none() {
            let mut left: Vec<_> = state
                .mailbox
                .iter()
                .filter(|(_, queue)| !queue.is_empty())
                .map(|(key, _)| *key)
                .collect();
            left.sort();
            let count: usize = state.mailbox.values().map(VecDeque::len).sum();
            if let Some((from, to, tag)) = left.first() {
                let message = format!(
                    "{count} messages were never received (the first: tag {tag} from device {from} to device {to})"
                );
                state.failure = Some(message);
            }
        }
        self.progress(&mut state);
    }

    /// Waits until `ready` yields; `None` when the run has failed (or fails now: a deadlock).
    fn wait<'s, T>(
        &'s self,
        mut state: MutexGuard<'s, State<P>>,
        device: usize,
        what: &dyn Fn() -> String,
        mut ready: impl FnMut(&mut State<P>) -> Option<T>,
    ) -> (MutexGuard<'s, State<P>>, Option<T>) {
        loop {
            if let Some(value) = ready(&mut state) {
                return (state, Some(value));
            }
            if state.failure.is_some() {
                return (state, None);
            }
            state.blocked[device] = true;
            let stuck = (0..self.devices).all(|d| state.blocked[d] || state.finished[d]);
            if stuck {
                let waiting: Vec<String> = (0..self.devices)
                    .filter(|&d| !state.finished[d])
                    .map(|d| d.to_string())
                    .collect();
                let message = format!(
                    "deadlock: device {device} waits for {} while every other device waits or has finished (waiting: devices {})",
                    what(),
                    waiting.join(", ")
                );
                self.fail_locked(&mut state, message);
                return (state, None);
            }
            let (next, timeout) = self
                .changed
                .wait_timeout(state, self.wait_limit)
                .unwrap_or_else(|e| e.into_inner());
            state = next;
            if timeout.timed_out() && state.blocked[device] {
                let message = format!(
                    "device {device} waited {} s for {}",
                    self.wait_limit.as_secs_f64(),
                    what()
                );
                self.fail_locked(&mut state, message);
                return (state, None);
            }
        }
    }

    fn check_device(
        &self,
        state: &mut State<P>,
        device: usize,
        peer: i64,
        verb: &str,
        tag: i64,
    ) -> bool {
        if device >= self.devices || !(0..self.devices as i64).contains(&peer) {
            let direction = if verb == "sends" { "to" } else { "from" };
            let message = format!(
                "device {device} {verb} tag {tag} {direction} device {peer}, which does not exist"
            );
            self.fail_locked(state, message);
            return false;
        }
        true
    }

    /// Posts `payload` (of `bytes` bytes) from `device` to `peer` under `tag`.
    pub fn send(&self, device: usize, peer: i64, tag: i64, payload: P, bytes: u64) {
        let mut state = self.lock();
        if !self.check_device(&mut state, device, peer, "sends", tag) {
            return;
        }
        state.messages += 1;
        state.bytes += bytes;
        state
            .mailbox
            .entry((device, peer as usize, tag))
            .or_default()
            .push_back(payload);
        self.progress(&mut state);
    }

    /// Waits for the payload `peer` sent to `device` under `tag`.
    pub fn recv(&self, device: usize, peer: i64, tag: i64) -> Option<P> {
        let mut state = self.lock();
        if !self.check_device(&mut state, device, peer, "receives", tag) {
            return None;
        }
        let key = (peer as usize, device, tag);
        let what = || format!("tag {tag} from device {peer}");
        let (_state, payload) = self.wait(state, device, &what, |state| {
            state.mailbox.get_mut(&key).and_then(VecDeque::pop_front)
        });
        payload
    }

    /// Contributes `payload` to the next all-reduce of group `mask`, described by `signature` (its
    /// kind, element type and shape, e.g. `sum of f32[4, 8]`: every member must give the same); the
    /// last member to arrive calls `combine` with the contributions in ascending device order.
    /// Returns the shared result.
    pub fn all_reduce(
        &self,
        device: usize,
        mask: i64,
        signature: &str,
        payload: P,
        combine: impl FnOnce(&[&P]) -> Result<P, String>,
    ) -> Option<Arc<P>> {
        self.collective(device, mask, "all-reduce", signature, payload, combine)
    }

    /// Contributes `payload` to the next collective `what` (`all-reduce`, `all-gather`,
    /// `reduce-scatter`) of group `mask`, described by `signature`: as [`Mailbox::all_reduce`]; the
    /// members' n-th collectives on one group must be the same.
    pub fn collective(
        &self,
        device: usize,
        mask: i64,
        what: &'static str,
        signature: &str,
        payload: P,
        combine: impl FnOnce(&[&P]) -> Result<P, String>,
    ) -> Option<Arc<P>> {
        let mut state = self.lock();
        let members: Vec<usize> = (0..self.devices.min(63))
            .filter(|d| mask & (1 << d) != 0)
            .collect();
        if device >= 63 || mask & (1 << device) == 0 || members.len() != mask.count_ones() as usize
        {
            let message = format!(
                "device {device} calls an {what} over group mask {mask:#x}, which is not a group of this machine containing it"
            );
            self.fail_locked(&mut state, message);
            return None;
        }
        let call = state.calls.entry((device, mask)).or_insert(0);
        let key = (mask, *call);
        *call += 1;
        state.all_reduces += 1;
        let reduction = state.reductions.entry(key).or_insert_with(|| Reduction {
            contributions: BTreeMap::new(),
            result: None,
            unread: members.len(),
            what,
            signature: None,
        });
        if reduction.what != what {
            let message = format!(
                "device {device} calls an {what} as collective #{} over devices {members:?}, where another member called an {}",
                key.1, reduction.what
            );
            self.fail_locked(&mut state, message);
            return None;
        }
        match &reduction.signature {
            None => reduction.signature = Some((device, signature.to_string())),
            Some((first, theirs)) if theirs != signature => {
                let message = format!(
                    "{what} #{} over devices {members:?}: device {device} calls it as a {signature} but device {first} as a {theirs}",
                    key.1
                );
                self.fail_locked(&mut state, message);
                return None;
            }
            Some(_) => {}
        }
        reduction.contributions.insert(device, payload);
        if reduction.contributions.len() == members.len() {
            let parts: Vec<&P> = reduction.contributions.values().collect();
            match combine(&parts) {
                Ok(result) => {
                    reduction.result = Some(Arc::new(result));
                    reduction.contributions.clear();
                    self.progress(&mut state);
                }
                Err(e) => {
                    let message = format!("{what} #{} over devices {members:?}: {e}", key.1);
                    self.fail_locked(&mut state, message);
                    return None;
                }
            }
        }
        let waiting = || format!("{what} #{} over devices {members:?}", key.1);
        let (mut state, result) = self.wait(state, device, &waiting, |state| {
            state.reductions.get(&key).and_then(|r| r.result.clone())
        });
        let result = result?;
        if let Some(reduction) = state.reductions.get_mut(&key) {
            reduction.unread -= 1;
            if reduction.unread == 0 {
                state.reductions.remove(&key);
            }
        }
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(n: u64) -> DeviceCount {
        DeviceCount::new(n).unwrap()
    }
    use std::thread;

    #[test]
    fn messages_match_by_sender_receiver_and_tag() {
        let mailbox = Mailbox::<Vec<u8>>::new(count(2));
        thread::scope(|s| {
            s.spawn(|| {
                mailbox.send(0, 1, 7, vec![7], 1);
                mailbox.send(0, 1, 3, vec![3], 1);
                mailbox.finish(0);
            });
            s.spawn(|| {
                assert_eq!(mailbox.recv(1, 0, 3), Some(vec![3]));
                assert_eq!(mailbox.recv(1, 0, 7), Some(vec![7]));
                mailbox.finish(1);
            });
        });
        assert_eq!(mailbox.failure(), None);
        assert_eq!(
            mailbox.traffic(),
            Traffic {
                messages: 2,
                bytes: 2,
                all_reduces: 0
            }
        );
    }

    #[test]
    fn a_cycle_of_receives_is_a_deadlock() {
        let mailbox = Mailbox::<Vec<u8>>::new(count(2));
        thread::scope(|s| {
            for d in 0..2 {
                let mailbox = &mailbox;
                s.spawn(move || {
                    assert_eq!(mailbox.recv(d, 1 - d as i64, 0), None);
                    mailbox.finish(d);
                });
            }
        });
        let failure = mailbox.failure().unwrap();
        assert!(failure.starts_with("deadlock: device"), "{failure}");
    }

    #[test]
    fn waiting_for_a_finished_device_is_a_deadlock() {
        let mailbox = Mailbox::<Vec<u8>>::new(count(2));
        mailbox.finish(0);
        assert_eq!(mailbox.recv(1, 0, 5), None);
        assert!(mailbox
            .failure()
            .unwrap()
            .contains("waits for tag 5 from device 0"));
    }

    #[test]
    fn messages_under_one_tag_arrive_in_the_order_sent() {
        let mailbox = Mailbox::<u8>::new(count(2));
        for payload in [3, 1, 2] {
            mailbox.send(0, 1, 9, payload, 1);
        }
        let got: Vec<Option<u8>> = (0..3).map(|_| mailbox.recv(1, 0, 9)).collect();
        assert_eq!(got, vec![Some(3), Some(1), Some(2)]);
        mailbox.finish(0);
        mailbox.finish(1);
        assert_eq!(mailbox.failure(), None);
    }

    #[test]
    fn unread_messages_and_bad_peers_fail() {
        let mailbox = Mailbox::<u8>::new(count(2));
        mailbox.send(0, 1, 1, 0, 1);
        mailbox.send(0, 1, 1, 0, 1);
        mailbox.finish(0);
        mailbox.finish(1);
        assert!(mailbox
            .failure()
            .unwrap()
            .starts_with("2 messages were never received"));
        let mailbox = Mailbox::<u8>::new(count(2));
        mailbox.send(0, 9, 1, 0, 1);
        assert!(mailbox.failure().unwrap().contains("does not exist"));
        let mailbox = Mailbox::<u8>::new(count(2));
        assert!(mailbox.all_reduce(0, 0b10, "sum", 0, |_| Ok(0)).is_none());
        assert!(mailbox.failure().unwrap().contains("not a group"));
    }

    #[test]
    fn the_wait_limit_ends_a_stuck_wait() {
        // Device 1 never finishes nor waits: only the time limit ends device 0's wait.
        let mailbox = Mailbox::<u8>::with_wait_limit(count(2), Duration::from_millis(50));
        assert_eq!(mailbox.recv(0, 1, 0), None);
        assert!(mailbox.failure().unwrap().contains("waited"));
    }

    #[test]
    fn all_reduce_combines_in_device_order_whatever_the_arrival_order() {
        // Float addition is not associative: the order of the combination shows in the bits.
        let values = [1e8f32, 1.0, -1e8, 1.0];
        for _ in 0..20 {
            let mailbox = Mailbox::<Vec<f32>>::new(count(4));
            let results: Vec<f32> = thread::scope(|s| {
                let handles: Vec<_> = (0..4)
                    .rev()
                    .map(|d| {
                        let mailbox = &mailbox;
                        s.spawn(move || {
                            let result =
                                mailbox.all_reduce(d, 0b1111, "sum", vec![values[d]], |parts| {
                                    let mut acc = parts[0].clone();
                                    for part in &parts[1..] {
                                        acc[0] += part[0];
                                    }
                                    Ok(acc)
                                });
                            mailbox.finish(d);
                            result.map(|r| r[0])
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap().unwrap())
                    .collect()
            });
            let ordered = ((1e8f32 + 1.0) + -1e8) + 1.0;
            assert!(results.iter().all(|&r| r == ordered), "{results:?}");
        }
    }

    #[test]
    fn different_collectives_at_one_meeting_fail() {
        let mailbox = Mailbox::<i64>::new(count(2));
        thread::scope(|s| {
            for d in 0..2usize {
                let mailbox = &mailbox;
                s.spawn(move || {
                    let what = if d == 0 { "all-gather" } else { "all-reduce" };
                    let _ = mailbox
                        .collective(d, 0b11, what, "i64[]", 1, |parts| Ok(parts.len() as i64));
                    mailbox.finish(d);
                });
            }
        });
        let failure = mailbox.failure().unwrap();
        assert!(failure.contains("where another member called"), "{failure}");
    }

    #[test]
    fn subgroups_count_their_calls_separately() {
        let mailbox = Mailbox::<i64>::new(count(4));
        thread::scope(|s| {
            for d in 0..4usize {
                let mailbox = &mailbox;
                s.spawn(move || {
                    let mask = if d < 2 { 0b0011 } else { 0b1100 };
                    for round in 0..3i64 {
                        let r = mailbox.all_reduce(d, mask, "sum", d as i64 + round, |parts| {
                            Ok(parts.iter().map(|p| **p).sum())
                        });
                        let base = if d < 2 { 1 } else { 5 };
                        assert_eq!(r.map(|r| *r), Some(base + 2 * round));
                    }
                    mailbox.finish(d);
                });
            }
        });
        assert_eq!(mailbox.failure(), None);
        assert_eq!(mailbox.traffic().all_reduces, 12);
    }

    /// Found by a probe of issue 20: members that disagree on an all-reduce's kind got the result of
    /// whichever arrived last, so a check passed or failed by timing. Now the run fails, naming
    /// both, whatever the arrival order.
    #[test]
    fn members_must_agree_on_the_all_reduce() {
        for order in [[0usize, 1], [1, 0]] {
            let mailbox = Mailbox::<i64>::new(count(2));
            let kinds = ["sum of f32[4]", "max of f32[4]"];
            thread::scope(|s| {
                for d in order {
                    let mailbox = &mailbox;
                    s.spawn(move || {
                        let r = mailbox.all_reduce(d, 0b11, kinds[d], 1, |parts| {
                            Ok(parts.iter().map(|p| **p).sum())
                        });
                        assert_eq!(r, None);
                        mailbox.finish(d);
                    });
                }
            });
            let failure = mailbox.failure().unwrap();
            assert!(
                failure.starts_with("all-reduce #0 over devices [0, 1]: device ")
                    && failure.contains("as a max of f32[4]")
                    && failure.contains("as a sum of f32[4]"),
                "{failure}"
            );
        }
    }
}
