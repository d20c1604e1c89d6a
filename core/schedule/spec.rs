//! The keys of a schedule, in one table ([`KEYS`]), and the three forms that spell them: a
//! `--strategy=NAME:key=value,...` spec ([`Spec`], what a user and the schedule search ask for), the
//! module's `#par.schedule` (a [`Schedule`]'s fields, what a `.par.mlir` records) and the reports'
//! `parallelism` JSON ([`Parallelism`], what a strategy turns out to be). Every reader and writer of
//! those forms walks the table: [`Spec::parse`] and `Spec`'s `Display`, [`Schedule::fields`] and
//! [`Schedule::set_field`] (the dialect's `ScheduleAttr` around them), [`Parallelism::json`] and
//! [`Parallelism::from_json`]. A key a form does not spell says so in its row, with the reason
//! ([`In::Not`]); `tests::every_key_round_trips_through_every_form` walks the table.
//!
//! Adding a key: its field in [`Spec`] (and in [`Schedule`] and [`Parallelism`] where those forms carry
//! it), one row of [`KEYS`], and what the key does (`crate::scheduled::build`, the pipeline model, the
//! schedule search's space); ARCHITECTURE.md's recipe "Add a parallelism dimension" names the files.
//!
//! # The spec
//! `NAME[:key=value,...]`, NAME a baseline ([`crate::baselines`]: `data-parallel`, `model-parallel`,
//! `owt`, `megatron`, `single-device`), keys ([`KEYS`], in that order when printed):
//! - `tp`: devices per stage group (default: `megatron` the GPUs of a node, at most what is left; the
//!   others 1 for `data-parallel`, else all the devices left);
//! - `pp`: pipeline stages (default 1);
//! - `dp`: data-parallel replicas (default: the devices left, `n / (tp · pp)`);
//! - `ep`: expert parallelism (default 1): every mixture-of-experts layer's experts split over `ep`
//!   consecutive data-parallel replicas, each holding `experts / ep` experts' weight state, the tokens
//!   moving to their experts and back by all-to-alls (Megatron-Core's `--expert-model-parallel-size`
//!   with the expert tensor parallelism equal to `tp`, so `ep` divides `dp`; [`crate::experts`]);
//! - `cp`: context parallelism (default 1): each attention's sequence split over `cp` devices that
//!   share their samples, the ring of Megatron-Core's `--context-parallel-size` with its causal load
//!   balance; the devices are `tp · pp · dp · cp` and the gradients are reduced over `dp · cp`
//!   ([`crate::context`]);
//! - `m`: micro-batches per replica, or `mb`: samples per micro-batch (default: one micro-batch
//!   without stages, else the fewest that are at least `2·pp`, as the closed-form bubble suggests);
//! - `vp`: virtual stages per group (interleaved 1F1B);
//! - `order` or `schedule`: `1f1b` (default), `gpipe`, `interleaved:V` (= `vp=V`);
//! - `recompute`: `none`, `selective`, `full`; `zero`: `0`, `1`, `2`, `3`; `sp`: sequence parallelism inside
//!   tensor-parallel groups (`megatron`: ops outside the tensor-parallel regions split along their largest
//!   attribute dim instead of being replicated).
//!
//! Every reader of a spec ([`Spec::parse`], then `crate::scheduled::build`) checks it the same way: each
//! key at most once (`order` and `schedule` are one key; `vp` and `interleaved:V` must agree), no empty
//! item, no contradiction (`vp` without `pp` ≥ 2 or with `gpipe`, `m` with `mb`, `tp` above 1 on
//! `data-parallel` or `single-device`, `sp` outside `megatron` or with `tp` = 1, `zero` with `dp` = 1,
//! `ep` that does not divide a given `dp`),
//! and the user's counts bounded before anything is sized from them (in `build`).
//!
//! Megatron-LM's `--tensor-model-parallel-size 8 --pipeline-model-parallel-size 4
//! --micro-batch-size 2 --recompute-granularity full` on 1024 GPUs is
//! `megatron:tp=8,pp=4,mb=2,recompute=full` (`dp` follows: 32).

use std::fmt;

use serde_json::Value as Json;

use std::sync::LazyLock;

use super::dimension::{self, Dim, Ways};
use super::{Order, Recompute, Schedule, Zero};
use crate::graph::Graph;
use crate::strategy::Strategy;

/// What a key's value is; each form writes a kind its own way ([`Kind::parse`], [`Value::text`],
/// [`Value::json`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A count: at least 1 in a spec; any `u32` in `#par.schedule` (0 is [`Schedule::check`]'s error).
    Count,
    /// A pipeline order: `1f1b`, `gpipe` (a spec also takes `interleaved:V`).
    Order,
    /// `none`, `selective`, `full`.
    Recompute,
    /// The ZeRO stage: `0`, `1`, `2`, `3`.
    Zero,
    /// On or off (`1`/`true`/`on`, `0`/`false`/`off`; printed `true`).
    Flag,
    /// The reports' schedule: `flat`, `1f1b`, `gpipe`, `interleaved`.
    ScheduleName,
}

/// The reports' schedule names ([`Kind::ScheduleName`]).
pub const SCHEDULE_NAMES: [&str; 4] = ["flat", "1f1b", "gpipe", "interleaved"];

/// One key's value in any form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Count(u64),
    Order(Order),
    /// `interleaved:V` (a spec's order only): 1F1B over `V` virtual stages per group.
    Interleaved(u32),
    Recompute(Recompute),
    Zero(Zero),
    Flag(bool),
    ScheduleName(&'static str),
}

/// Which form a value is read from: the messages differ (a spec's keys are a user's, a record's
/// fields an edited file's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `--strategy=NAME:key=value,...`.
    Spec,
    /// `#par.schedule<{field = value, ...}>`.
    Record,
}

impl Kind {
    /// Whether the record writes the value as a string (`order = "1f1b"`), not an `i64`.
    pub fn is_word(self) -> bool {
        matches!(self, Kind::Order | Kind::Recompute | Kind::ScheduleName)
    }

    /// The values a spec takes, for help texts.
    pub fn choices(self) -> &'static str {
        match self {
            Kind::Count => "N",
            Kind::Order => "1f1b|gpipe|interleaved:V",
            Kind::Recompute => "none|selective|full",
            Kind::Zero => "0|1|2|3",
            Kind::Flag => "true|false",
            Kind::ScheduleName => "flat|1f1b|gpipe|interleaved",
        }
    }

    /// Reads `value` of key `key` as `form` spells it.
    pub fn parse(self, form: Form, key: &str, value: &str) -> Result<Value, String> {
        let count = || -> Result<u32, String> {
            let parsed = value.parse::<u32>().ok();
            match form {
                Form::Spec => parsed.filter(|&v| v >= 1).ok_or_else(|| {
                    format!("strategy key {key} must be a positive count, not '{value}'")
                }),
                Form::Record => parsed.ok_or_else(|| {
                    format!("schedule field '{key}' must be a non-negative integer, not '{value}'")
                }),
            }
        };
        Ok(match self {
            Kind::Count => Value::Count(u64::from(count()?)),
            Kind::Order => match (form, value.split_once(':')) {
                (Form::Spec, Some(("interleaved", v))) => {
                    Value::Interleaved(v.parse::<u32>().ok().filter(|&v| v >= 1).ok_or_else(
                        || format!("interleaved:V needs a positive count V, not '{v}'"),
                    )?)
                }
                (Form::Spec, _) => Value::Order(Order::from_name(value).ok_or_else(|| {
                    format!("{key} must be 1f1b, gpipe or interleaved:V, not '{value}'")
                })?),
                (Form::Record, _) => Value::Order(Order::from_name(value).ok_or_else(|| {
                    format!("schedule order must be gpipe or 1f1b, not '{value}'")
                })?),
            },
            Kind::Recompute => Value::Recompute(Recompute::from_name(value).ok_or_else(|| {
                format!("recompute must be none, selective or full, not '{value}'")
            })?),
            Kind::Zero => {
                let level = match form {
                    Form::Spec => value.parse::<u32>().ok(),
                    Form::Record => Some(count()?),
                };
                Value::Zero(
                    level
                        .and_then(Zero::from_level)
                        .ok_or_else(|| format!("{key} must be 0, 1, 2 or 3, not '{value}'"))?,
                )
            }
            Kind::Flag => Value::Flag(match value {
                "1" | "true" | "on" => true,
                "0" | "false" | "off" => false,
                _ => return Err(format!("{key} must be true or false, not '{value}'")),
            }),
            Kind::ScheduleName => Value::ScheduleName(
                SCHEDULE_NAMES
                    .into_iter()
                    .find(|&n| n == value)
                    .ok_or_else(|| {
                        format!(
                            "{key} must be one of {}, not '{value}'",
                            SCHEDULE_NAMES.join(", ")
                        )
                    })?,
            ),
        })
    }

    /// Reads a JSON value of this kind (the reports' `parallelism`).
    pub fn from_json(self, key: &str, json: &Json) -> Result<Value, String> {
        let wrong = || format!("parallelism key {key} has the wrong type: {json}");
        match self {
            Kind::Count => json.as_u64().map(Value::Count).ok_or_else(wrong),
            Kind::Zero => json
                .as_u64()
                .and_then(|l| u32::try_from(l).ok())
                .and_then(Zero::from_level)
                .map(Value::Zero)
                .ok_or_else(wrong),
            Kind::Flag => json.as_bool().map(Value::Flag).ok_or_else(wrong),
            Kind::Order | Kind::Recompute | Kind::ScheduleName => {
                let text = json.as_str().ok_or_else(wrong)?;
                self.parse(Form::Record, key, text)
            }
        }
    }
}

impl Value {
    /// The value as every text form writes it: `4`, `gpipe`, `interleaved:2`, `selective`, `1` (a ZeRO
    /// stage), `true`.
    pub fn text(self) -> String {
        match self {
            Value::Count(n) => n.to_string(),
            Value::Order(o) => o.name().to_string(),
            Value::Interleaved(v) => format!("interleaved:{v}"),
            Value::Recompute(r) => r.name().to_string(),
            Value::Zero(z) => z.level().to_string(),
            Value::Flag(b) => b.to_string(),
            Value::ScheduleName(s) => s.to_string(),
        }
    }

    /// The value in the reports' JSON: counts and ZeRO stages as numbers, words as strings.
    pub fn json(self) -> Json {
        match self {
            Value::Count(n) => Json::from(n),
            Value::Zero(z) => Json::from(z.level()),
            Value::Flag(b) => Json::from(b),
            other => Json::from(other.text()),
        }
    }

    fn count(self) -> u64 {
        match self {
            Value::Count(n) => n,
            other => panic!("flexc bug: a count key holds {other:?}"),
        }
    }

    /// A count that came from a `u32` ([`Kind::parse`]), saturated.
    fn count32(self) -> u32 {
        u32::try_from(self.count()).unwrap_or(u32::MAX)
    }

    fn order(self) -> Order {
        match self {
            Value::Order(o) => o,
            other => panic!("flexc bug: an order key holds {other:?}"),
        }
    }

    fn recompute(self) -> Recompute {
        match self {
            Value::Recompute(r) => r,
            other => panic!("flexc bug: a recompute key holds {other:?}"),
        }
    }

    fn zero(self) -> Zero {
        match self {
            Value::Zero(z) => z,
            other => panic!("flexc bug: a zero key holds {other:?}"),
        }
    }

    fn flag(self) -> bool {
        match self {
            Value::Flag(b) => b,
            other => panic!("flexc bug: a flag key holds {other:?}"),
        }
    }

    fn schedule_name(self) -> &'static str {
        match self {
            Value::ScheduleName(s) => s,
            other => panic!("flexc bug: a schedule-name key holds {other:?}"),
        }
    }
}

/// A key as one form other than the spec spells it: its name there, the kind of its value there, and
/// the field of that form's type that holds it.
pub struct Slot<T: 'static> {
    pub name: &'static str,
    pub kind: Kind,
    pub get: Getter<T, Value>,
    pub set: Setter<T>,
}

/// A key's reader in one form's type (a closure: a dimension's rows index its ways).
pub type Getter<T, V> = Box<dyn Fn(&T) -> V + Send + Sync>;
/// A key's writer in one form's type.
pub type Setter<T> = Box<dyn Fn(&mut T, Value) + Send + Sync>;

/// Whether a form spells a key.
pub enum In<T: 'static> {
    Slot(Slot<T>),
    /// The form has no such key, and why.
    Not(&'static str),
}

impl<T> In<T> {
    pub fn slot(&self) -> Option<&Slot<T>> {
        match self {
            In::Slot(slot) => Some(slot),
            In::Not(_) => None,
        }
    }
}

/// One key of a schedule (module doc).
pub struct Key {
    /// The `--strategy` key.
    pub name: &'static str,
    /// Other `--strategy` spellings of the same key (given twice when both are).
    pub aliases: &'static [&'static str],
    pub kind: Kind,
    /// What an absent key means.
    pub default: &'static str,
    pub doc: &'static str,
    /// The spec's value, `None` when not given (a flag: when off).
    pub get: Getter<Spec, Option<Value>>,
    pub set: Setter<Spec>,
    /// The key in `#par.schedule` ([`Schedule`]).
    pub record: In<Schedule>,
    /// The key in the reports' `parallelism` JSON ([`Parallelism`]).
    pub report: In<Parallelism>,
}

impl Key {
    /// Whether `key` names this key in a spec.
    pub fn is(&self, key: &str) -> bool {
        self.name == key || self.aliases.contains(&key)
    }
}

/// Every key of a schedule, in the order a spec prints them (module doc): `tp`, `pp`, `dp`, the
/// parallelism dimensions' ([`dimension::DIMENSIONS`], [`dimension_key`]), then the rest.
pub static KEYS: LazyLock<Vec<Key>> = LazyLock::new(|| {
    let mut keys = fixed_keys();
    let dimensions = (0..dimension::COUNT).map(|i| dimension_key(Dim(i)));
    keys.splice(3..3, dimensions);
    keys
});

/// A dimension's row: its key in every form, a count of 1 by default.
fn dimension_key(dim: Dim) -> Key {
    let d = dimension::DIMENSIONS[dim.0];
    Key {
        name: d.key(),
        aliases: &[],
        kind: Kind::Count,
        default: "1",
        doc: d.doc(),
        get: Box::new(move |s: &Spec| s.ways[dim.0].map(|v| Value::Count(v.into()))),
        set: Box::new(move |s: &mut Spec, v| s.ways[dim.0] = Some(v.count32())),
        record: In::Slot(Slot {
            name: d.field(),
            kind: Kind::Count,
            get: Box::new(move |s: &Schedule| Value::Count(s.ways.get(dim).into())),
            set: Box::new(move |s: &mut Schedule, v| s.ways.set(dim, v.count32())),
        }),
        report: In::Slot(Slot {
            name: d.key(),
            kind: Kind::Count,
            get: Box::new(move |p: &Parallelism| Value::Count(p.ways[dim.0])),
            set: Box::new(move |p: &mut Parallelism, v| p.ways[dim.0] = v.count()),
        }),
    }
}

/// The keys but the dimensions', in a spec's order.
fn fixed_keys() -> Vec<Key> {
    vec![
    Key {
        name: "tp",
        aliases: &[],
        kind: Kind::Count,
        default: "megatron: the GPUs of a node, at most what is left; data-parallel: 1; the others: the devices left",
        doc: "tensor-parallel degree: devices per pipeline stage group",
        get: Box::new(|s| s.tp.map(|v| Value::Count(v.into()))),
        set: Box::new(|s, v| s.tp = Some(v.count32())),
        record: In::Not("the configurations (par.config) carry it: a group's devices"),
        report: In::Slot(Slot {
            name: "tp",
            kind: Kind::Count,
            get: Box::new(|p| Value::Count(p.tp)),
            set: Box::new(|p, v| p.tp = v.count()),
        }),
    },
    Key {
        name: "pp",
        aliases: &[],
        kind: Kind::Count,
        default: "1",
        doc: "pipeline stages per replica",
        get: Box::new(|s| s.pp.map(|v| Value::Count(v.into()))),
        set: Box::new(|s, v| s.pp = Some(v.count32())),
        record: In::Slot(Slot {
            name: "stages",
            kind: Kind::Count,
            get: Box::new(|s| Value::Count(s.stages.into())),
            set: Box::new(|s, v| s.stages = v.count32()),
        }),
        report: In::Slot(Slot {
            name: "pp",
            kind: Kind::Count,
            get: Box::new(|p| Value::Count(p.pp.into())),
            set: Box::new(|p, v| p.pp = v.count32()),
        }),
    },
    Key {
        name: "dp",
        aliases: &[],
        kind: Kind::Count,
        default: "the devices left: n / (tp · pp · cp)",
        doc: "data-parallel replicas of the whole pipeline",
        get: Box::new(|s| s.dp.map(|v| Value::Count(v.into()))),
        set: Box::new(|s, v| s.dp = Some(v.count32())),
        record: In::Slot(Slot {
            name: "replicas",
            kind: Kind::Count,
            get: Box::new(|s| Value::Count(s.replicas.into())),
            set: Box::new(|s, v| s.replicas = v.count32()),
        }),
        report: In::Slot(Slot {
            name: "dp",
            kind: Kind::Count,
            get: Box::new(|p| Value::Count(p.dp)),
            set: Box::new(|p, v| p.dp = v.count()),
        }),
    },
    Key {
        name: "m",
        aliases: &[],
        kind: Kind::Count,
        default: "1 without stages, else the fewest that are at least 2·pp",
        doc: "micro-batches per replica and iteration (gradient accumulation steps)",
        get: Box::new(|s| s.micro_batches.map(|v| Value::Count(v.into()))),
        set: Box::new(|s, v| s.micro_batches = Some(v.count32())),
        record: In::Slot(Slot {
            name: "micro_batches",
            kind: Kind::Count,
            get: Box::new(|s| Value::Count(s.micro_batches.into())),
            set: Box::new(|s, v| s.micro_batches = v.count32()),
        }),
        report: In::Slot(Slot {
            name: "accumulation",
            kind: Kind::Count,
            get: Box::new(|p| Value::Count(p.accumulation.into())),
            set: Box::new(|p, v| p.accumulation = v.count32()),
        }),
    },
    Key {
        name: "mb",
        aliases: &[],
        kind: Kind::Count,
        default: "what m gives: a replica's samples over m",
        doc: "samples per micro-batch (instead of m)",
        get: Box::new(|s| s.micro_batch_size.map(Value::Count)),
        set: Box::new(|s, v| s.micro_batch_size = Some(v.count())),
        record: In::Not("m (micro_batches) and the graph's batch give it"),
        report: In::Slot(Slot {
            name: "micro_batch",
            kind: Kind::Count,
            get: Box::new(|p| Value::Count(p.micro_batch)),
            set: Box::new(|p, v| p.micro_batch = v.count()),
        }),
    },
    Key {
        name: "vp",
        aliases: &[],
        kind: Kind::Count,
        default: "1",
        doc: "virtual stages per stage group (interleaved 1F1B when above 1)",
        get: Box::new(|s| s.vp.map(|v| Value::Count(v.into()))),
        set: Box::new(|s, v| s.vp = Some(v.count32())),
        record: In::Slot(Slot {
            name: "chunks",
            kind: Kind::Count,
            get: Box::new(|s| Value::Count(s.chunks.into())),
            set: Box::new(|s, v| s.chunks = v.count32()),
        }),
        report: In::Slot(Slot {
            name: "vp",
            kind: Kind::Count,
            get: Box::new(|p| Value::Count(p.vp.into())),
            set: Box::new(|p, v| p.vp = v.count32()),
        }),
    },
    Key {
        name: "order",
        aliases: &["schedule"],
        kind: Kind::Order,
        default: "1f1b",
        doc: "the order of a group's passes: 1f1b, gpipe, or interleaved:V (1f1b with vp=V)",
        get: Box::new(|s| s.order.map(Value::Order)),
        set: Box::new(|s, v| s.order = Some(v.order())),
        record: In::Slot(Slot {
            name: "order",
            kind: Kind::Order,
            get: Box::new(|s| Value::Order(s.order)),
            set: Box::new(|s, v| s.order = v.order()),
        }),
        report: In::Slot(Slot {
            name: "schedule",
            kind: Kind::ScheduleName,
            get: Box::new(|p| Value::ScheduleName(p.schedule)),
            set: Box::new(|p, v| p.schedule = v.schedule_name()),
        }),
    },
    Key {
        name: "recompute",
        aliases: &[],
        kind: Kind::Recompute,
        default: "none",
        doc: "what the backward recomputes instead of keeping: none, selective, full",
        get: Box::new(|s| s.recompute.map(Value::Recompute)),
        set: Box::new(|s, v| s.recompute = Some(v.recompute())),
        record: In::Slot(Slot {
            name: "recompute",
            kind: Kind::Recompute,
            get: Box::new(|s| Value::Recompute(s.recompute)),
            set: Box::new(|s, v| s.recompute = v.recompute()),
        }),
        report: In::Slot(Slot {
            name: "recompute",
            kind: Kind::Recompute,
            get: Box::new(|p| Value::Recompute(p.recompute)),
            set: Box::new(|p, v| p.recompute = v.recompute()),
        }),
    },
    Key {
        name: "zero",
        aliases: &[],
        kind: Kind::Zero,
        default: "0",
        doc: "the ZeRO stage: weight state split over the data-parallel replicas",
        get: Box::new(|s| s.zero.map(Value::Zero)),
        set: Box::new(|s, v| s.zero = Some(v.zero())),
        record: In::Slot(Slot {
            name: "zero",
            kind: Kind::Zero,
            get: Box::new(|s| Value::Zero(s.zero)),
            set: Box::new(|s, v| s.zero = v.zero()),
        }),
        report: In::Slot(Slot {
            name: "zero",
            kind: Kind::Zero,
            get: Box::new(|p| Value::Zero(p.zero)),
            set: Box::new(|p, v| p.zero = v.zero()),
        }),
    },
    Key {
        name: "sp",
        aliases: &[],
        kind: Kind::Flag,
        default: "false",
        doc: "sequence parallelism: megatron's ops outside the tensor-parallel regions split along their largest attribute dim",
        get: Box::new(|s| s.sequence_parallel.then_some(Value::Flag(true))),
        set: Box::new(|s, v| s.sequence_parallel = v.flag()),
        record: In::Not("the configurations (par.config) carry it: the split of the ops between the regions"),
        report: In::Not("read off the configurations only by rebuilding the spec (the megatron export does)"),
    },
]
}

/// The keys of a spec for `--help`: one line each, `  tp=N  doc (default: ...)`.
pub fn help() -> String {
    let spelled: Vec<String> = KEYS
        .iter()
        .map(|k| format!("{}={}", k.name, k.kind.choices()))
        .collect();
    let width = spelled.iter().map(|s| s.chars().count()).max().unwrap_or(0);
    KEYS.iter()
        .zip(&spelled)
        .map(|(k, s)| {
            let aliases = if k.aliases.is_empty() {
                String::new()
            } else {
                format!("also {}; ", k.aliases.join(", "))
            };
            format!(
                "  {s:width$}  {} ({aliases}default: {})\n",
                k.doc, k.default
            )
        })
        .collect()
}

/// The key a spec names `key` (a name or an alias).
pub fn key(key: &str) -> Option<&'static Key> {
    KEYS.iter().find(|k| k.is(key))
}

/// The key whose `#par.schedule` field is `field`, and its slot.
pub fn record_field(field: &str) -> Option<&'static Slot<Schedule>> {
    KEYS.iter()
        .filter_map(|k| k.record.slot())
        .find(|s| s.name == field)
}

/// A parsed `--strategy=NAME:key=value,...` (module doc).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Spec {
    pub name: String,
    pub tp: Option<u32>,
    pub pp: Option<u32>,
    pub vp: Option<u32>,
    pub dp: Option<u32>,
    /// The parallelism dimensions' ways as given, indexed by [`Dim`] ([`dimension::DIMENSIONS`]:
    /// `ep`, `cp`).
    pub ways: [Option<u32>; dimension::COUNT],
    pub micro_batches: Option<u32>,
    pub micro_batch_size: Option<u64>,
    pub order: Option<Order>,
    pub recompute: Option<Recompute>,
    pub zero: Option<Zero>,
    pub sequence_parallel: bool,
}

/// The baselines a spec may name.
pub const NAMES: [&str; 5] = [
    "data-parallel",
    "model-parallel",
    "owt",
    "megatron",
    "single-device",
];

impl Spec {
    /// Parses the spec; a plain name (no `:`) is a spec without keys. Every key at most once, no empty
    /// item, and the keys' own contradictions ([`Spec::check_keys`]) are errors.
    pub fn parse(text: &str) -> Result<Spec, String> {
        let (name, keys) = match text.split_once(':') {
            Some((n, k)) => (n.trim(), Some(k)),
            None => (text.trim(), None),
        };
        if !NAMES.contains(&name) {
            return Err(format!(
                "unknown strategy '{name}' (expected one of: {}, optionally followed by :key=value,...)",
                NAMES.join(", ")
            ));
        }
        let mut spec = Spec {
            name: name.to_string(),
            ..Spec::default()
        };
        // Each key as it was given first (an alias is its key), and the virtual stages
        // `interleaved:V` gave.
        let mut seen: Vec<(&str, &str)> = Vec::new();
        let mut interleaved: Option<u32> = None;
        for entry in keys.into_iter().flat_map(|k| k.split(',')) {
            let entry = entry.trim();
            if entry.is_empty() {
                return Err(format!(
                    "'{text}' has an empty item: give key=value items separated by single commas"
                ));
            }
            let (given, value) = entry
                .split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .ok_or_else(|| format!("strategy key '{entry}' has no value (key=value)"))?;
            let Some(row) = key(given) else {
                let known: Vec<&str> = KEYS
                    .iter()
                    .flat_map(|k| std::iter::once(k.name).chain(k.aliases.iter().copied()))
                    .collect();
                return Err(format!(
                    "unknown strategy key '{given}' (expected {})",
                    known.join(", ")
                ));
            };
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == row.name) {
                return Err(format!(
                    "strategy key {given} is given twice ('{first}' and '{entry}'): give it once"
                ));
            }
            match row.kind.parse(Form::Spec, given, value)? {
                Value::Interleaved(v) => {
                    (row.set)(&mut spec, Value::Order(Order::OneFOneB));
                    interleaved = Some(v);
                }
                parsed => (row.set)(&mut spec, parsed),
            }
            seen.push((row.name, entry));
        }
        if let Some(v) = interleaved {
            match spec.vp {
                Some(vp) if vp != v => {
                    return Err(format!(
                        "vp={vp} and interleaved:{v} disagree on the virtual stages per group: give one of them"
                    ))
                }
                _ => spec.vp = Some(v),
            }
        }
        spec.check_keys()?;
        Ok(spec)
    }

    /// The contradictions the keys show by themselves (those that depend on the machine and the graph are
    /// `crate::scheduled::build`'s): virtual stages without pipeline stages or with GPipe, both `m` and
    /// `mb`, keys the named baseline ignores (`tp` of `data-parallel` or `single-device`, `sp` outside
    /// `megatron`), `sp` with `tp=1`, `zero` with `dp=1`, `ep` that does not divide `dp`, and `ep` with
    /// `cp`.
    pub fn check_keys(&self) -> Result<(), String> {
        let pp = self.pp.unwrap_or(1);
        if let Some(vp) = self.vp.filter(|&v| v > 1) {
            if pp == 1 {
                return Err(format!(
                    "vp={vp} (interleaved:{vp}) divides pipeline stages into virtual stages, but the strategy has one stage: give pp=2 or more, or drop vp"
                ));
            }
            if self.order == Some(Order::GPipe) {
                return Err(format!(
                    "vp={vp} is the interleaved 1F1B schedule, but the order is gpipe: drop vp or the gpipe order"
                ));
            }
        }
        if self.micro_batches.is_some() && self.micro_batch_size.is_some() {
            return Err("give the micro-batches (m) or their size (mb), not both".into());
        }
        match (self.name.as_str(), self.tp) {
            ("data-parallel", Some(t)) if t > 1 => {
                return Err(format!(
                    "data-parallel splits no op across devices, so tp={t} would only add replicas inside each stage group: give dp instead"
                ))
            }
            ("single-device", Some(t)) if t > 1 => {
                return Err(format!(
                    "single-device runs each stage group on one device, so tp={t} would leave {} of its devices idle: drop tp",
                    t - 1
                ))
            }
            _ => {}
        }
        if self.sequence_parallel {
            if self.name != "megatron" {
                return Err(format!(
                    "sp (sequence parallelism) applies to megatron's tensor-parallel groups; {} has none: drop sp",
                    self.name
                ));
            }
            if self.tp == Some(1) {
                return Err(
                    "sp (sequence parallelism) splits ops inside tensor-parallel groups, but tp=1 has none: drop sp or give tp=2 or more".into(),
                );
            }
        }
        let ways = self.ways();
        for (_, d, w) in ways.used() {
            d.check_spec(w, self.dp)?;
        }
        ways.check_alone(true)?;
        if let (Some(zero), Some(1), 1) = (
            self.zero.filter(|&z| z != Zero::None),
            self.dp,
            ways.sharing_samples(),
        ) {
            return Err(format!(
                "zero={} splits weight state over data-parallel replicas, but dp=1 has one: drop zero or give dp=2 or more",
                zero.level()
            ));
        }
        Ok(())
    }

    /// The dimensions' ways the spec gives (1 where absent).
    pub fn ways(&self) -> Ways {
        Ways::from_given(&self.ways)
    }

    /// Whether the spec has no key: the plain baseline over the whole machine.
    pub fn is_plain(&self) -> bool {
        *self
            == Spec {
                name: self.name.clone(),
                ..Spec::default()
            }
    }
}

/// `megatron:tp=2,pp=2,dp=2,m=4,zero=1`: the name and the given keys in [`KEYS`]' order, as
/// [`Spec::parse`] reads it back (a plain spec is its name).
impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        let mut separator = ':';
        for key in KEYS.iter() {
            if let Some(value) = (key.get)(self) {
                write!(f, "{separator}{}={}", key.name, value.text())?;
                separator = ',';
            }
        }
        Ok(())
    }
}

impl Schedule {
    /// The schedule's `#par.schedule` fields with their values, in [`KEYS`]' order (every field,
    /// `stage_of` aside: it is `par.stage` on each op).
    pub fn fields(&self) -> Vec<(&'static str, Kind, Value)> {
        KEYS.iter()
            .filter_map(|k| k.record.slot())
            .map(|slot| (slot.name, slot.kind, (slot.get)(self)))
            .collect()
    }

    /// Sets one field from its `#par.schedule` name and text value.
    pub fn set_field(&mut self, field: &str, value: &str) -> Result<(), String> {
        let slot =
            record_field(field).ok_or_else(|| format!("unknown schedule field '{field}'"))?;
        let parsed = slot.kind.parse(Form::Record, field, value)?;
        (slot.set)(self, parsed);
        Ok(())
    }
}

/// The shape of a strategy in Megatron-LM's terms, for reports (`parallelism` in every `--report`
/// JSON): `dp` the data-parallel degree (replicas times the least sample split of the contractions),
/// `tp` the most devices one contraction spreads over beyond its sample split, `pp`/`vp` the stages and
/// chunks, the micro-batch size and the micro-batches accumulated per replica, recomputation, ZeRO and
/// the pipeline order (`flat`, `1f1b`, `interleaved`, `gpipe`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parallelism {
    pub tp: u64,
    pub pp: u32,
    pub vp: u32,
    pub dp: u64,
    /// The parallelism dimensions' ways, indexed by [`Dim`] ([`dimension::Dimension::reported`]): the
    /// ways the experts of a mixture-of-experts layer are split, each attention's sequence is split.
    pub ways: [u64; dimension::COUNT],
    pub micro_batch: u64,
    pub accumulation: u32,
    pub recompute: Recompute,
    pub zero: Zero,
    /// One of [`SCHEDULE_NAMES`].
    pub schedule: &'static str,
}

/// One device, one sample: every degree 1, the flat schedule.
impl Default for Parallelism {
    fn default() -> Self {
        Parallelism {
            tp: 1,
            pp: 1,
            vp: 1,
            dp: 1,
            ways: [1; dimension::COUNT],
            micro_batch: 1,
            accumulation: 1,
            recompute: Recompute::None,
            zero: Zero::None,
            schedule: "flat",
        }
    }
}

impl Parallelism {
    /// The ways of dimension `dim` (1: not used).
    pub fn ways_of(&self, dim: Dim) -> u64 {
        self.ways[dim.0]
    }

    /// Of `strategy` on `graph` (the whole batch `batch`).
    pub fn of(graph: &Graph, strategy: &Strategy, batch: u64) -> Parallelism {
        let s = &strategy.schedule;
        let contractions: Vec<usize> = graph
            .ops()
            .iter()
            .enumerate()
            .filter(|(_, op)| {
                matches!(
                    op.class,
                    crate::graph::OpClass::Contraction | crate::graph::OpClass::Convolution
                )
            })
            .map(|(i, _)| i)
            .collect();
        let ops: Vec<usize> = if contractions.is_empty() {
            (0..graph.num_ops()).collect()
        } else {
            contractions
        };
        let (mut inner_dp, mut tp) = (u64::MAX, 1u64);
        for &i in &ops {
            let (op, c) = (&graph.ops()[i], &strategy.configs[i]);
            let sample = op
                .first_dim(crate::graph::Role::Sample)
                .map_or(1, |k| c.degrees[k]);
            if op.first_dim(crate::graph::Role::Sample).is_some() {
                inner_dp = inner_dp.min(sample);
            }
            let tasks: u64 = c.degrees.iter().product();
            tp = tp.max(tasks / sample.max(1));
        }
        let inner_dp = if inner_dp == u64::MAX { 1 } else { inner_dp };
        let schedule = if !s.is_pipelined() {
            "flat"
        } else if s.order == Order::GPipe {
            "gpipe"
        } else if s.chunks > 1 {
            "interleaved"
        } else {
            "1f1b"
        };
        Parallelism {
            tp,
            pp: s.stages,
            vp: s.chunks,
            dp: u64::from(s.batch_replicas()) * inner_dp,
            ways: std::array::from_fn(|i| {
                dimension::DIMENSIONS[i].reported(graph, &strategy.configs, s.ways.get(Dim(i)))
            }),
            micro_batch: s.micro_batch_size(batch).unwrap_or(batch),
            accumulation: s.micro_batches,
            recompute: s.recompute,
            zero: s.zero,
            schedule,
        }
    }

    /// `tp=8 pp=4 dp=32 micro-batch=2 accumulation=24 recompute=full zero=1 schedule=interleaved:2`
    /// (and `ep=E` after `dp` where the experts are split, `cp=C` where the sequence is: each dimension
    /// used): the line for people (the JSON is [`Parallelism::json`]).
    pub fn text(&self) -> String {
        let schedule = if self.schedule == "interleaved" {
            format!("interleaved:{}", self.vp)
        } else {
            self.schedule.to_string()
        };
        let dimensions: String = dimension::DIMENSIONS
            .iter()
            .zip(self.ways)
            .filter(|&(_, w)| w > 1)
            .map(|(d, w)| format!(" {}={w}", d.key()))
            .collect();
        format!(
            "tp={} pp={} dp={}{dimensions} micro-batch={} accumulation={} recompute={} zero={} schedule={schedule}",
            self.tp,
            self.pp,
            self.dp,
            self.micro_batch,
            self.accumulation,
            self.recompute.name(),
            self.zero.level()
        )
    }

    /// The `parallelism` object of the JSON reports: every key [`KEYS`] reports.
    pub fn json(&self) -> Json {
        let map: serde_json::Map<String, Json> = KEYS
            .iter()
            .filter_map(|k| k.report.slot())
            .map(|slot| (slot.name.to_string(), (slot.get)(self).json()))
            .collect();
        Json::Object(map)
    }

    /// Reads a `parallelism` object back (what tools that read the reports see): every key the table
    /// reports is required, no other is allowed.
    pub fn from_json(json: &Json) -> Result<Parallelism, String> {
        let object = json
            .as_object()
            .ok_or_else(|| format!("parallelism is not an object: {json}"))?;
        let mut p = Parallelism::default();
        let slots: Vec<&Slot<Parallelism>> = KEYS.iter().filter_map(|k| k.report.slot()).collect();
        if let Some(other) = object.keys().find(|k| !slots.iter().any(|s| s.name == *k)) {
            return Err(format!("unknown parallelism key '{other}'"));
        }
        for slot in slots {
            let value = object
                .get(slot.name)
                .ok_or_else(|| format!("parallelism has no key '{}'", slot.name))?;
            (slot.set)(&mut p, slot.kind.from_json(slot.name, value)?);
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value of `kind` other than its default, valid beside `megatron:pp=2` in a spec.
    fn sample(kind: Kind) -> Value {
        match kind {
            Kind::Count => Value::Count(3),
            Kind::Order => Value::Order(Order::GPipe),
            Kind::Recompute => Value::Recompute(Recompute::Selective),
            Kind::Zero => Value::Zero(Zero::Gradients),
            Kind::Flag => Value::Flag(true),
            Kind::ScheduleName => Value::ScheduleName("interleaved"),
        }
    }

    /// Every key of the table is read back as it was written by each form that spells it: the spec's
    /// text (`Display`, [`Spec::parse`]), `#par.schedule`'s fields ([`Schedule::fields`],
    /// [`Schedule::set_field`]) and the reports' JSON ([`Parallelism::json`],
    /// [`Parallelism::from_json`]). A form that does not spell a key gives its reason in the row; one
    /// that spells a key the table does not name, or drops one it names, fails here.
    #[test]
    fn every_key_round_trips_through_every_form() {
        let mut names = Vec::new();
        for key in KEYS.iter() {
            // The spec: the key beside `pp=2` (what vp needs), printed and parsed back.
            let mut spec = Spec {
                name: "megatron".into(),
                pp: Some(2),
                ..Spec::default()
            };
            let value = sample(key.kind);
            (key.set)(&mut spec, value);
            assert_eq!((key.get)(&spec), Some(value), "{}", key.name);
            let text = spec.to_string();
            assert!(
                text.contains(&format!("{}={}", key.name, value.text())),
                "{}: {text}",
                key.name
            );
            assert_eq!(
                Spec::parse(&text).as_ref(),
                Ok(&spec),
                "{}: {text}",
                key.name
            );
            for alias in key.aliases {
                let aliased = text.replace(&format!("{}=", key.name), &format!("{alias}="));
                assert_eq!(Spec::parse(&aliased).as_ref(), Ok(&spec), "{aliased}");
            }
            assert!(
                !key.doc.is_empty() && !key.default.is_empty(),
                "{}",
                key.name
            );
            names.push(key.name);
            names.extend(key.aliases);

            // `#par.schedule`: the field set from its text and read back; every field is printed.
            match &key.record {
                In::Slot(slot) => {
                    let value = sample(slot.kind);
                    let mut schedule = Schedule::default();
                    schedule.set_field(slot.name, &value.text()).unwrap();
                    assert_eq!((slot.get)(&schedule), value, "{}", slot.name);
                    assert!(schedule
                        .fields()
                        .iter()
                        .any(|&(name, kind, v)| name == slot.name
                            && kind == slot.kind
                            && v == value));
                }
                In::Not(why) => assert!(!why.is_empty(), "{}", key.name),
            }

            // The JSON: the key written and read back.
            match &key.report {
                In::Slot(slot) => {
                    let value = sample(slot.kind);
                    let mut p = Parallelism::default();
                    (slot.set)(&mut p, value);
                    let json = p.json();
                    assert_eq!(json[slot.name], value.json(), "{}", slot.name);
                    let back = Parallelism::from_json(&json).unwrap();
                    assert_eq!((slot.get)(&back), value, "{}", slot.name);
                }
                In::Not(why) => assert!(!why.is_empty(), "{}", key.name),
            }
        }
        // `--help` lists every key.
        let help = help();
        for key in KEYS.iter() {
            assert!(help.contains(&format!("  {}=", key.name)), "{help}");
        }
        // No name is two keys'.
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "{names:?}");

        // Every form writes exactly the keys the table gives it.
        let full = Parallelism::default();
        let reported: Vec<&str> = KEYS
            .iter()
            .filter_map(|k| k.report.slot().map(|s| s.name))
            .collect();
        let json = full.json();
        let mut written: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        written.sort_unstable();
        let mut expected = reported.clone();
        expected.sort_unstable();
        assert_eq!(written, expected);
        assert_eq!(Parallelism::from_json(&full.json()), Ok(full.clone()));
        let recorded: Vec<&str> = KEYS
            .iter()
            .filter_map(|k| k.record.slot().map(|s| s.name))
            .collect();
        let fields: Vec<&str> = Schedule::default().fields().iter().map(|f| f.0).collect();
        assert_eq!(fields, recorded);
    }

    #[test]
    fn forms_keep_their_messages() {
        let mut s = Schedule::default();
        assert_eq!(
            s.set_field("pipes", "2").unwrap_err(),
            "unknown schedule field 'pipes'"
        );
        assert_eq!(
            s.set_field("chunks", "4294967296").unwrap_err(),
            "schedule field 'chunks' must be a non-negative integer, not '4294967296'"
        );
        assert_eq!(
            s.set_field("order", "interleaved:2").unwrap_err(),
            "schedule order must be gpipe or 1f1b, not 'interleaved:2'"
        );
        assert_eq!(
            s.set_field("zero", "4").unwrap_err(),
            "zero must be 0, 1, 2 or 3, not '4'"
        );
        assert!(s.set_field("micro_batches", "0").is_ok());
        let e = Spec::parse("megatron:pipes=2").unwrap_err();
        assert_eq!(
            e,
            "unknown strategy key 'pipes' (expected tp, pp, dp, ep, cp, m, mb, vp, order, schedule, recompute, zero, sp)"
        );
        assert_eq!(
            Spec::parse("megatron:m=0").unwrap_err(),
            "strategy key m must be a positive count, not '0'"
        );
        assert_eq!(
            Spec::parse("megatron:schedule=zigzag").unwrap_err(),
            "schedule must be 1f1b, gpipe or interleaved:V, not 'zigzag'"
        );
        assert_eq!(
            Spec::parse("megatron:sp=maybe").unwrap_err(),
            "sp must be true or false, not 'maybe'"
        );
        assert_eq!(
            Spec::parse("megatron:zero=x").unwrap_err(),
            "zero must be 0, 1, 2 or 3, not 'x'"
        );
        // The search's specs print as they always have.
        let spec = Spec {
            name: "megatron".into(),
            tp: Some(8),
            pp: Some(4),
            dp: Some(32),
            micro_batches: Some(16),
            vp: Some(2),
            recompute: Some(Recompute::Full),
            zero: Some(Zero::Optimizer),
            sequence_parallel: true,
            ..Spec::default()
        };
        assert_eq!(
            spec.to_string(),
            "megatron:tp=8,pp=4,dp=32,m=16,vp=2,recompute=full,zero=1,sp=true"
        );
        assert_eq!(Spec::parse("owt").unwrap().to_string(), "owt");
    }

    #[test]
    fn specs_parse_and_reject() {
        let s = Spec::parse("megatron:tp=8,pp=4,mb=2,recompute=full,zero=1,schedule=interleaved:2")
            .unwrap();
        assert_eq!(s.tp, Some(8));
        assert_eq!(s.pp, Some(4));
        assert_eq!(s.vp, Some(2));
        assert_eq!(s.micro_batch_size, Some(2));
        assert_eq!(s.recompute, Some(Recompute::Full));
        assert_eq!(s.zero, Some(Zero::Optimizer));
        assert!(Spec::parse("megatron").unwrap().is_plain());
        assert_eq!(
            Spec::parse("megatron:zero=2").unwrap().zero,
            Some(Zero::Gradients)
        );
        assert!(Spec::parse("megatron:zero=4").is_err());
        assert!(Spec::parse("megatron:pipes=2").is_err());
        assert!(Spec::parse("nonsense:tp=2").is_err());
        assert!(Spec::parse("megatron:tp=0").is_err());
    }

    #[test]
    fn specs_reject_duplicates_empty_items_and_contradictions() {
        let err = |text: &str| Spec::parse(text).unwrap_err();
        assert!(err("megatron:tp=2,tp=4").contains("given twice ('tp=2' and 'tp=4')"));
        assert!(err("megatron:zero=3,zero=1").contains("given twice"));
        assert!(err("megatron:pp=2,order=gpipe,schedule=1f1b").contains("given twice"));
        assert!(err("megatron:,,,").contains("empty item"));
        assert!(err("megatron:").contains("empty item"));
        assert!(err("megatron:tp=2,").contains("empty item"));
        assert!(err("megatron:pp=2,vp=2,schedule=gpipe").contains("order is gpipe"));
        assert!(err("megatron:pp=2,vp=2,schedule=interleaved:3").contains("disagree"));
        assert!(err("megatron:vp=7").contains("one stage"));
        assert!(err("megatron:tp=1,pp=1,vp=1000").contains("one stage"));
        assert!(err("megatron:schedule=interleaved:999999").contains("one stage"));
        assert!(err("data-parallel:tp=2").contains("give dp instead"));
        assert!(err("single-device:tp=2").contains("idle"));
        assert!(err("owt:sp=on").contains("applies to megatron"));
        assert!(err("megatron:tp=1,sp=on").contains("tp=1 has none"));
        assert!(err("megatron:dp=1,zero=3").contains("dp=1 has one"));
        assert!(err("megatron:m=2,mb=2").contains("not both"));
        assert!(err("megatron:dp=4,ep=3").contains("must divide dp=4"));
        assert!(Spec::parse("megatron:dp=4,ep=2").is_ok());
        // Agreeing twice-given virtual stages, and keys at their defaults, are fine.
        let s = Spec::parse("megatron:pp=2,vp=2,schedule=interleaved:2").unwrap();
        assert_eq!((s.vp, s.order), (Some(2), Some(Order::OneFOneB)));
        assert!(Spec::parse("data-parallel:tp=1,pp=1").is_ok());
        assert!(Spec::parse("megatron:vp=1").is_ok());
    }
}
