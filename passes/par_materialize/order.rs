//! The order of a scheduled program (`par.schedule`): which steps each device runs, where each message
//! between steps is posted, and which runs of steps repeat, so that the device program loops over its
//! micro-batches instead of unrolling them. Plain Rust over `flexc_core::schedule`; no MLIR.
//!
//! **Steps.** Group `g` runs [`Schedule::steps`]`(g)` in that order: each step is the forward or
//! backward of one micro-batch through one of the group's chunks (virtual stage `chunk·p + g`).
//!
//! **The message order.** A message between steps (an activation to the next stage, a gradient to the
//! previous one, a forward value the backward of another device reads) is received at the start of
//! the step that reads it and sent after the step that made it. Every message gets a *key*: the clock
//! of its consumer step in the as-soon-as-possible execution of the schedule with every step one time
//! unit long ([`clock`]), then the message's index; messages between steps come before the messages
//! inside any step starting at the same time. Messages inside a step (a split op's pieces and
//! all-reduces, ZeRO's collectives: only the devices running that step, in every replica, take part)
//! have their step's time and follow its incoming messages. **Each device posts its messages in
//! increasing key order**: a receive sits before the step that reads it; a send sits at the first step
//! boundary of the sender whose next step starts no earlier than the consumer (never before the step
//! that made the value, which ends before its consumer starts), sends and receives of one boundary in
//! key order. So every device's messages follow one global order, and the earliest message not yet
//! completed always has both ends posted on it: the programs cannot deadlock, whether sends are
//! buffered or block until matched (MPI). A send posted at a later step than the one that made its
//! value reads the value from the device's stash (`super::scheduled_emit`).
//!
//! **Loops.** A device's steps are compressed into [`Segment`]s: runs that repeat with a period of `P`
//! steps, every micro-batch index (of the steps and of the messages posted between them) advancing by
//! the same amount, become one loop of `P` steps; what does not repeat (the warm-up of an interleaved
//! schedule, say) stays as single steps. 1F1B: warm-up forwards, steady forward/backward pairs and
//! cool-down backwards are three loops; GPipe: two.

use flexc_core::schedule::{Pass, Schedule};
use std::collections::HashMap;

/// What a step runs: one pass through one virtual stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Kind {
    pub pass: Pass,
    pub stage: u32,
}

/// A message between steps of one micro-batch, as planned on replica 0: `from` (a device) sends in
/// the step of kind `producer`, `to` receives in the step of kind `consumer`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Message {
    pub from: u32,
    pub to: u32,
    pub producer: Kind,
    pub consumer: Kind,
}

/// An action at a step boundary of one device: a message (by index) of one micro-batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Recv { message: usize, micro_batch: u32 },
    Send { message: usize, micro_batch: u32 },
}

impl Action {
    fn micro_batch(self) -> u32 {
        match self {
            Action::Recv { micro_batch, .. } | Action::Send { micro_batch, .. } => micro_batch,
        }
    }

    fn shifted(self, by: u32) -> Action {
        match self {
            Action::Recv {
                message,
                micro_batch,
            } => Action::Recv {
                message,
                micro_batch: micro_batch + by,
            },
            Action::Send {
                message,
                micro_batch,
            } => Action::Send {
                message,
                micro_batch: micro_batch + by,
            },
        }
    }
}

/// One step of a device's program, with the messages it posts before running.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Instance {
    pub kind: Kind,
    pub micro_batch: u32,
    pub head: Vec<Action>,
}

/// A device's program: its steps in order and the messages posted after the last one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub instances: Vec<Instance>,
    pub tail: Vec<Action>,
}

/// A run of a program's steps: one step, or a loop of `trips` iterations over the `period` steps from
/// `start`, iteration `i` running them with every micro-batch index increased by `i·shift`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segment {
    Once(usize),
    Loop {
        start: usize,
        period: usize,
        trips: u32,
        shift: u32,
    },
}

/// The key of a message or of a step's inner messages (module doc): the clock; then 0 for a message
/// between steps (then its index), which comes before every step starting at that time, or 1 for a
/// step's own messages (then the group).
type Key = (u64, u8, usize);

/// The steps of every group and where each (kind, micro-batch) is in them.
struct Steps {
    steps: Vec<Vec<(Kind, u32)>>,
    at: Vec<HashMap<(Kind, u32), usize>>,
}

impl Steps {
    fn new(schedule: &Schedule) -> Steps {
        let p = schedule.stages.max(1);
        let steps: Vec<Vec<(Kind, u32)>> = (0..p)
            .map(|g| {
                schedule
                    .steps(g)
                    .into_iter()
                    .map(|s| {
                        (
                            Kind {
                                pass: s.pass,
                                stage: schedule.stage_at(g, s.chunk),
                            },
                            s.micro_batch,
                        )
                    })
                    .collect()
            })
            .collect();
        let at = steps
            .iter()
            .map(|list| list.iter().enumerate().map(|(i, &s)| (s, i)).collect())
            .collect();
        Steps { steps, at }
    }
}

/// The start of every step of every group (`[group][step]`) in the as-soon-as-possible execution of
/// `schedule` with unit-time steps, where a step waits for the previous step of its group and for the
/// steps of the same micro-batch that `deps` (producer kind, consumer kind) say it reads from. `Err`
/// when the steps cannot all run (a step waits for one that comes after it: the stages do not follow
/// the data).
pub fn clock(schedule: &Schedule, deps: &[(Kind, Kind)]) -> Result<Vec<Vec<u64>>, String> {
    let steps = Steps::new(schedule);
    let p = steps.steps.len();
    let mut inputs: HashMap<Kind, Vec<Kind>> = HashMap::new();
    for &(producer, consumer) in deps {
        if producer != consumer {
            let list = inputs.entry(consumer).or_default();
            if !list.contains(&producer) {
                list.push(producer);
            }
        }
    }
    let mut start: Vec<Vec<Option<u64>>> =
        steps.steps.iter().map(|s| vec![None; s.len()]).collect();
    let mut next = vec![0usize; p];
    let mut free = vec![0u64; p];
    loop {
        let mut progress = false;
        for g in 0..p {
            while next[g] < steps.steps[g].len() {
                let (kind, micro_batch) = steps.steps[g][next[g]];
                let mut ready = Some(free[g]);
                for producer in inputs.get(&kind).into_iter().flatten() {
                    let group = schedule.group_of_stage(producer.stage) as usize;
                    let at = steps.at[group].get(&(*producer, micro_batch)).copied();
                    let done = at.and_then(|i| start[group][i]).map(|t| t + 1);
                    ready = match (ready, done) {
                        (Some(r), Some(d)) => Some(r.max(d)),
                        _ => None,
                    };
                    if at.is_none() {
                        return Err(format!(
                            "stage {} reads from stage {} in the {}, which the schedule never runs for micro-batch {micro_batch}",
                            kind.stage, producer.stage, pass_name(producer.pass)
                        ));
                    }
                }
                let Some(t) = ready else { break };
                start[g][next[g]] = Some(t);
                free[g] = t + 1;
                next[g] += 1;
                progress = true;
            }
        }
        if (0..p).all(|g| next[g] == steps.steps[g].len()) {
            break;
        }
        if !progress {
            let (g, s) = (0..p)
                .find(|&g| next[g] < steps.steps[g].len())
                .map(|g| (g, steps.steps[g][next[g]]))
                .expect("an unfinished group");
            return Err(format!(
                "the schedule cannot run: group {g} waits in the {} of micro-batch {} through stage {} for a step that runs after it (the stages of the ops do not follow the data: a {} op reads what a later step computes)",
                pass_name(s.0.pass),
                s.1,
                s.0.stage,
                pass_name(s.0.pass)
            ));
        }
    }
    Ok(start
        .into_iter()
        .map(|s| s.into_iter().map(|t| t.unwrap_or(0)).collect())
        .collect())
}

fn pass_name(pass: Pass) -> &'static str {
    match pass {
        Pass::Forward => "forward",
        Pass::Backward => "backward",
    }
}

/// The program of replica-0 device `device` (in group `group`): its group's steps, the receives of
/// `messages` it is the receiver of before the step that reads them, and its sends placed by the
/// message order (module doc). `clock` is [`clock`]'s.
pub fn program(
    schedule: &Schedule,
    clock: &[Vec<u64>],
    messages: &[Message],
    device: u32,
    group: u32,
) -> Program {
    let steps = Steps::new(schedule);
    let g = group as usize;
    let own = &steps.steps[g];
    let mut heads: Vec<Vec<(Key, Action)>> = vec![Vec::new(); own.len()];
    let mut tail: Vec<(Key, Action)> = Vec::new();
    for (index, message) in messages.iter().enumerate() {
        let consumer_group = schedule.group_of_stage(message.consumer.stage) as usize;
        let producer_group = schedule.group_of_stage(message.producer.stage) as usize;
        for micro_batch in 0..schedule.micro_batches.max(1) {
            let Some(&consumer_at) = steps.at[consumer_group].get(&(message.consumer, micro_batch))
            else {
                continue;
            };
            let t = clock[consumer_group][consumer_at];
            let key = (t, 0, index);
            if message.to == device && consumer_group == g {
                heads[consumer_at].push((
                    key,
                    Action::Recv {
                        message: index,
                        micro_batch,
                    },
                ));
            }
            if message.from == device && producer_group == g {
                let Some(&made) = steps.at[g].get(&(message.producer, micro_batch)) else {
                    continue;
                };
                let action = Action::Send {
                    message: index,
                    micro_batch,
                };
                match (made + 1..own.len()).find(|&s| clock[g][s] >= t) {
                    Some(s) => heads[s].push((key, action)),
                    None => tail.push((key, action)),
                }
            }
        }
    }
    let sorted = |mut list: Vec<(Key, Action)>| {
        list.sort_by_key(|(key, _)| *key);
        list.into_iter().map(|(_, action)| action).collect()
    };
    Program {
        instances: own
            .iter()
            .zip(heads)
            .map(|(&(kind, micro_batch), head)| Instance {
                kind,
                micro_batch,
                head: sorted(head),
            })
            .collect(),
        tail: sorted(tail),
    }
}

/// Whether the messages of `program` (device `device` of `group`), with each step's own messages
/// between its head and the next, come in strictly increasing key order: the invariant of the module
/// doc, checked on every program the pass emits.
pub fn follows_the_order(
    schedule: &Schedule,
    clock: &[Vec<u64>],
    messages: &[Message],
    program: &Program,
    group: u32,
) -> bool {
    let steps = Steps::new(schedule);
    let key = |action: Action| -> Option<Key> {
        let (message, micro_batch) = match action {
            Action::Recv {
                message,
                micro_batch,
            }
            | Action::Send {
                message,
                micro_batch,
            } => (message, micro_batch),
        };
        let m = messages.get(message)?;
        let cg = schedule.group_of_stage(m.consumer.stage) as usize;
        let at = *steps.at[cg].get(&(m.consumer, micro_batch))?;
        Some((clock[cg][at], 0, message))
    };
    let mut keys: Vec<Key> = Vec::new();
    for (s, instance) in program.instances.iter().enumerate() {
        for &action in &instance.head {
            match key(action) {
                Some(k) => keys.push(k),
                None => return false,
            }
        }
        keys.push((clock[group as usize][s], 1, group as usize));
    }
    for &action in &program.tail {
        match key(action) {
            Some(k) => keys.push(k),
            None => return false,
        }
    }
    keys.windows(2).all(|w| w[0] < w[1])
}

/// Whether instance `b` is instance `a` with every micro-batch index increased by `by`.
fn repeats(a: &Instance, b: &Instance, by: u32) -> bool {
    a.kind == b.kind
        && a.micro_batch + by == b.micro_batch
        && a.head.len() == b.head.len()
        && a.head.iter().zip(&b.head).all(|(x, y)| x.shifted(by) == *y)
}

/// The longest period considered when looking for repeating runs.
const MAX_PERIOD: usize = 64;

/// `program`'s steps as single steps and loops (module doc): at each position, the loop of the period
/// that covers the most steps (at least two iterations), shorter periods first among equals.
pub fn compress(program: &Program) -> Vec<Segment> {
    let list = &program.instances;
    let n = list.len();
    let mut segments = Vec::new();
    let mut i = 0;
    while i < n {
        let mut best: Option<(usize, u32, u32)> = None;
        for period in 1..=MAX_PERIOD.min((n - i) / 2) {
            let shift = list[i + period]
                .micro_batch
                .wrapping_sub(list[i].micro_batch);
            if shift == 0 || list[i + period].micro_batch < list[i].micro_batch {
                continue;
            }
            let mut trips = 1u32;
            'grow: while i + (trips as usize + 1) * period <= n {
                let base = i + (trips as usize - 1) * period;
                for k in 0..period {
                    if !repeats(&list[base + k], &list[base + period + k], shift) {
                        break 'grow;
                    }
                }
                trips += 1;
            }
            if trips >= 2 && best.is_none_or(|(p, t, _)| period * trips as usize > p * t as usize) {
                best = Some((period, trips, shift));
            }
        }
        match best {
            Some((period, trips, shift)) => {
                segments.push(Segment::Loop {
                    start: i,
                    period,
                    trips,
                    shift,
                });
                i += period * trips as usize;
            }
            None => {
                segments.push(Segment::Once(i));
                i += 1;
            }
        }
    }
    segments
}

/// The micro-batches of `program` each step runs, expanded from `segments` (for checks): the same
/// list as the program's own when the compression is right.
pub fn expand(program: &Program, segments: &[Segment]) -> Vec<Instance> {
    let mut out = Vec::new();
    for segment in segments {
        match *segment {
            Segment::Once(i) => out.push(program.instances[i].clone()),
            Segment::Loop {
                start,
                period,
                trips,
                shift,
            } => {
                for t in 0..trips {
                    for k in 0..period {
                        let base = &program.instances[start + k];
                        out.push(Instance {
                            kind: base.kind,
                            micro_batch: base.micro_batch + t * shift,
                            head: base.head.iter().map(|a| a.shifted(t * shift)).collect(),
                        });
                    }
                }
            }
        }
    }
    out
}

/// The micro-batch indices of an action (for the emitter's stash liveness).
pub fn action_micro_batch(action: Action) -> u32 {
    action.micro_batch()
}

#[cfg(test)]
mod tests {
    use super::*;
    use flexc_core::schedule::Order;

    fn schedule(p: u32, v: u32, m: u32, order: Order) -> Schedule {
        Schedule {
            stages: p,
            chunks: v,
            micro_batches: m,
            order,
            ..Schedule::default()
        }
    }

    /// A plain pipeline's messages, one device per group: activations forward, gradients backward.
    fn chain(s: &Schedule) -> Vec<Message> {
        let k = s.virtual_stages();
        let mut messages = Vec::new();
        for stage in 0..k.saturating_sub(1) {
            let (a, b) = (s.group_of_stage(stage), s.group_of_stage(stage + 1));
            messages.push(Message {
                from: a,
                to: b,
                producer: Kind {
                    pass: Pass::Forward,
                    stage,
                },
                consumer: Kind {
                    pass: Pass::Forward,
                    stage: stage + 1,
                },
            });
            messages.push(Message {
                from: b,
                to: a,
                producer: Kind {
                    pass: Pass::Backward,
                    stage: stage + 1,
                },
                consumer: Kind {
                    pass: Pass::Backward,
                    stage,
                },
            });
        }
        messages
    }

    fn deps(messages: &[Message], s: &Schedule) -> Vec<(Kind, Kind)> {
        let mut deps: Vec<(Kind, Kind)> =
            messages.iter().map(|m| (m.producer, m.consumer)).collect();
        let last = s.virtual_stages() - 1;
        deps.push((
            Kind {
                pass: Pass::Forward,
                stage: last,
            },
            Kind {
                pass: Pass::Backward,
                stage: last,
            },
        ));
        deps
    }

    /// Runs the programs with sends that block until the receiver is at the matching receive (the
    /// strictest semantics): `true` when every program finishes.
    fn rendezvous(programs: &[Program]) -> bool {
        // Each program as a list of message actions (steps need nothing from others here: their
        // messages between steps are all in the heads).
        let lists: Vec<Vec<Action>> = programs
            .iter()
            .map(|p| {
                p.instances
                    .iter()
                    .flat_map(|i| i.head.iter().copied())
                    .chain(p.tail.iter().copied())
                    .collect()
            })
            .collect();
        let mut at = vec![0usize; lists.len()];
        loop {
            if (0..lists.len()).all(|d| at[d] == lists[d].len()) {
                return true;
            }
            let mut progress = false;
            for d in 0..lists.len() {
                let Some(&Action::Send {
                    message,
                    micro_batch,
                }) = lists[d].get(at[d])
                else {
                    continue;
                };
                for e in 0..lists.len() {
                    if lists[e].get(at[e])
                        == Some(&Action::Recv {
                            message,
                            micro_batch,
                        })
                    {
                        at[d] += 1;
                        at[e] += 1;
                        progress = true;
                        break;
                    }
                }
            }
            if !progress {
                return false;
            }
        }
    }

    #[test]
    fn every_order_posts_messages_in_key_order_and_never_deadlocks_on_blocking_sends() {
        for p in 2..=5 {
            for v in 1..=3 {
                for m in 1..=9 {
                    for order in [Order::OneFOneB, Order::GPipe] {
                        if order == Order::OneFOneB && v > 1 && m % p != 0 {
                            continue;
                        }
                        let s = schedule(p, v, m, order);
                        let messages = chain(&s);
                        let times = clock(&s, &deps(&messages, &s)).unwrap();
                        let programs: Vec<Program> = (0..p)
                            .map(|g| program(&s, &times, &messages, g, g))
                            .collect();
                        for (g, prog) in programs.iter().enumerate() {
                            assert!(
                                follows_the_order(&s, &times, &messages, prog, g as u32),
                                "p={p} v={v} m={m} {order:?} group {g}"
                            );
                            let segments = compress(prog);
                            assert_eq!(expand(prog, &segments), prog.instances);
                        }
                        assert!(rendezvous(&programs), "p={p} v={v} m={m} {order:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn steady_states_become_loops() {
        // 1F1B on 4 groups, 8 micro-batches: each group's warm-up, steady pairs and cool-down repeat
        // (a send from one step is posted at the next step's start, so the first step of a phase
        // differs from the rest and stays single); GPipe's forwards and backwards likewise.
        for (order, loops) in [(Order::OneFOneB, 1), (Order::GPipe, 2)] {
            let s = schedule(4, 1, 8, order);
            let messages = chain(&s);
            let times = clock(&s, &deps(&messages, &s)).unwrap();
            for g in 0..4 {
                let prog = program(&s, &times, &messages, g, g);
                let segments = compress(&prog);
                let looped: usize = segments
                    .iter()
                    .map(|segment| match segment {
                        Segment::Loop { period, trips, .. } => period * *trips as usize,
                        Segment::Once(_) => 0,
                    })
                    .sum();
                let count = segments
                    .iter()
                    .filter(|segment| matches!(segment, Segment::Loop { .. }))
                    .count();
                assert!(count >= loops, "{order:?} group {g}: {segments:?}");
                assert!(
                    looped + 4 >= prog.instances.len(),
                    "{order:?} group {g}: {segments:?}"
                );
            }
        }
        // The steady state of group 1: pairs of a backward and a forward, micro-batches advancing by 1.
        let s = schedule(4, 1, 8, Order::OneFOneB);
        let messages = chain(&s);
        let times = clock(&s, &deps(&messages, &s)).unwrap();
        let segments = compress(&program(&s, &times, &messages, 1, 1));
        assert!(segments.contains(&Segment::Loop {
            start: 3,
            period: 2,
            trips: 5,
            shift: 1
        }));
    }

    #[test]
    fn a_backward_reading_a_later_forward_cannot_run() {
        let s = schedule(2, 1, 2, Order::OneFOneB);
        let forward = |stage| Kind {
            pass: Pass::Forward,
            stage,
        };
        // Stage 0's forward reads stage 1's forward: a cycle through the groups' orders.
        let e = clock(&s, &[(forward(1), forward(0)), (forward(0), forward(1))]).unwrap_err();
        assert!(e.contains("cannot run"), "{e}");
    }
}
