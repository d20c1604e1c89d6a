//! Synthetic model graphs for tests and benchmarks: an MLP, ResNet-style CNNs and GPT-style transformers, built
//! the way the importer describes real ones (iteration spaces, affine accesses, SOAP roles, forward FLOPs).
//!
//! These are not importer output; they exist so that the simulator and the search can be exercised on
//! realistic shapes and sizes without MLIR. Simplifications, all deliberate: batch norm is a per-channel
//! scale and shift (its batch statistics are not modelled), an embedding lookup reads its whole table slice
//! (the gathered rows are data dependent), and the loss is a reduction over the logits' last dim.
//!
//! Every builder method appends one op; op locations are `"{model}.mlir:{line}:3"` with one line per op.

use crate::graph::{Access, AffineDim, DType, Dim, Graph, Op, OpClass, Role, TensorId, TensorKind};

/// Appends ops to a graph; each method returns the op's output tensor.
pub struct Builder {
    graph: Graph,
    model: String,
    dtype: DType,
    line: u32,
    /// The next op emitted reads a position mask ([`crate::graph::Op::position_mask`]).
    masked: Option<(u64, u64)>,
}

impl Builder {
    pub fn new(model: &str, dtype: DType) -> Builder {
        Builder {
            graph: Graph::new(),
            model: model.to_string(),
            dtype,
            line: 1,
            masked: None,
        }
    }

    pub fn finish(self) -> Graph {
        self.graph
    }

    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    pub fn input(&mut self, name: &str, shape: &[u64], dtype: DType) -> TensorId {
        self.graph
            .add_tensor(name, shape.to_vec(), dtype, TensorKind::Input)
    }

    pub fn weight(&mut self, name: &str, shape: &[u64]) -> TensorId {
        self.graph
            .add_tensor(name, shape.to_vec(), self.dtype, TensorKind::Weight)
    }

    fn shape(&self, t: TensorId) -> Vec<u64> {
        self.graph.tensor(t).shape.clone()
    }

    /// Adds an op writing a fresh activation of `shape` through `out`; the arguments are [`Op`]'s fields.
    #[allow(clippy::too_many_arguments)]
    fn emit(
        &mut self,
        name: &str,
        class: OpClass,
        dims: Vec<Dim>,
        inputs: Vec<Access>,
        out: Vec<AffineDim>,
        shape: &[u64],
        flops: f64,
    ) -> TensorId {
        self.line += 1;
        let t = self.graph.add_tensor(
            format!("v{}", self.line),
            shape.to_vec(),
            self.dtype,
            TensorKind::Activation,
        );
        let op = Op {
            name: name.to_string(),
            location: format!("{}.mlir:{}:3", self.model, self.line),
            class,
            dims,
            inputs,
            outputs: vec![Access {
                tensor: t,
                exprs: out,
            }],
            flops,
            dtype: self.dtype,
            position_mask: std::mem::take(&mut self.masked),
        };
        // The builders only produce well-formed ops.
        self.graph.add_op(op).expect("synthetic op is well formed");
        t
    }

    /// `x[..., K] · W[K, n]`, with a fresh weight. Leading dims: the first is the sample dim, others attributes.
    pub fn matmul(&mut self, x: TensorId, n: u64) -> TensorId {
        let k = *self.shape(x).last().expect("matmul input has a rank");
        let w = self.weight(&format!("w{}", self.line + 1), &[k, n]);
        self.matmul_with(x, w)
    }

    /// `x[..., K] · w[K, N]` with a given weight (a weight shared by several ops: an unrolled RNN).
    pub fn matmul_with(&mut self, x: TensorId, w: TensorId) -> TensorId {
        let shape = self.shape(x);
        let r = shape.len();
        let k = shape[r - 1];
        let n = self.shape(w)[1];
        // Loops: leading dims, then n (parameter), then k (reduction).
        let mut dims: Vec<Dim> = shape[..r - 1]
            .iter()
            .enumerate()
            .map(|(i, &s)| Dim::new(s, lead_role(i)))
            .collect();
        dims.extend([Dim::new(n, Role::Parameter), Dim::new(k, Role::Reduction)]);
        let lead: Vec<usize> = (0..r - 1).collect();
        let x_access = Access::dims(x, &[lead.clone(), vec![r]].concat());
        let w_access = Access::dims(w, &[r, r - 1]);
        let out: Vec<AffineDim> = lead
            .iter()
            .chain([r - 1].iter())
            .map(|&d| AffineDim::dim(d))
            .collect();
        let mut out_shape = shape[..r - 1].to_vec();
        out_shape.push(n);
        let flops = 2.0 * shape.iter().product::<u64>() as f64 * n as f64;
        self.emit(
            "linalg.matmul",
            OpClass::Contraction,
            dims,
            vec![x_access, w_access],
            out,
            &out_shape,
            flops,
        )
    }

    /// A pointwise op over tensors of one shape.
    pub fn elementwise(
        &mut self,
        name: &str,
        inputs: &[TensorId],
        flops_per_element: f64,
    ) -> TensorId {
        let shape = self.shape(inputs[0]);
        let dims: Vec<Dim> = shape
            .iter()
            .enumerate()
            .map(|(i, &s)| Dim::new(s, lead_role(i)))
            .collect();
        let all: Vec<usize> = (0..shape.len()).collect();
        let accesses = inputs.iter().map(|&t| Access::dims(t, &all)).collect();
        let out = all.iter().map(|&d| AffineDim::dim(d)).collect();
        let flops = flops_per_element * shape.iter().product::<u64>() as f64;
        self.emit(
            name,
            OpClass::Elementwise,
            dims,
            accesses,
            out,
            &shape,
            flops,
        )
    }

    /// Per-channel scale and shift with fresh weights (`channel` is the tensor dim of the channels): batch
    /// norm's forward arithmetic.
    pub fn scale_shift(&mut self, x: TensorId, channel: usize) -> TensorId {
        let shape = self.shape(x);
        let c = shape[channel];
        let gamma = self.weight(&format!("gamma{}", self.line + 1), &[c]);
        let beta = self.weight(&format!("beta{}", self.line + 1), &[c]);
        let dims: Vec<Dim> = shape
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                Dim::new(
                    s,
                    if i == channel {
                        Role::Parameter
                    } else {
                        lead_role(i)
                    },
                )
            })
            .collect();
        let all: Vec<usize> = (0..shape.len()).collect();
        let inputs = vec![
            Access::dims(x, &all),
            Access::dims(gamma, &[channel]),
            Access::dims(beta, &[channel]),
        ];
        let out = all.iter().map(|&d| AffineDim::dim(d)).collect();
        let flops = 4.0 * shape.iter().product::<u64>() as f64;
        self.emit(
            "linalg.generic",
            OpClass::Elementwise,
            dims,
            inputs,
            out,
            &shape,
            flops,
        )
    }

    /// Layer norm over the last dim, with fresh scale and shift.
    pub fn layer_norm(&mut self, x: TensorId) -> TensorId {
        let shape = self.shape(x);
        let r = shape.len();
        let h = shape[r - 1];
        let gamma = self.weight(&format!("ln_g{}", self.line + 1), &[h]);
        let beta = self.weight(&format!("ln_b{}", self.line + 1), &[h]);
        let dims: Vec<Dim> = shape
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                Dim::new(
                    s,
                    if i == r - 1 {
                        Role::Reduction
                    } else {
                        lead_role(i)
                    },
                )
            })
            .collect();
        let all: Vec<usize> = (0..r).collect();
        let inputs = vec![
            Access::dims(x, &all),
            Access::dims(gamma, &[r - 1]),
            Access::dims(beta, &[r - 1]),
        ];
        let out = all.iter().map(|&d| AffineDim::dim(d)).collect();
        let flops = 8.0 * shape.iter().product::<u64>() as f64;
        self.emit(
            "linalg.generic",
            OpClass::Reduction,
            dims,
            inputs,
            out,
            &shape,
            flops,
        )
    }

    /// Softmax over the last dim.
    pub fn softmax(&mut self, x: TensorId) -> TensorId {
        let shape = self.shape(x);
        let r = shape.len();
        let dims: Vec<Dim> = shape
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                Dim::new(
                    s,
                    if i == r - 1 {
                        Role::Reduction
                    } else {
                        lead_role(i)
                    },
                )
            })
            .collect();
        let all: Vec<usize> = (0..r).collect();
        let out = all.iter().map(|&d| AffineDim::dim(d)).collect();
        let flops = 5.0 * shape.iter().product::<u64>() as f64;
        self.emit(
            "linalg.softmax",
            OpClass::Reduction,
            dims,
            vec![Access::dims(x, &all)],
            out,
            &shape,
            flops,
        )
    }

    /// Cross-entropy of logits `[..., classes]` against integer labels `[...]`: one loss value per sample.
    pub fn loss(&mut self, logits: TensorId, labels: TensorId) -> TensorId {
        let shape = self.shape(logits);
        let r = shape.len();
        let dims: Vec<Dim> = shape
            .iter()
            .enumerate()
            .map(|(i, &s)| {
                Dim::new(
                    s,
                    if i == r - 1 {
                        Role::Reduction
                    } else {
                        lead_role(i)
                    },
                )
            })
            .collect();
        let lead: Vec<usize> = (0..r - 1).collect();
        let all: Vec<usize> = (0..r).collect();
        let inputs = vec![Access::dims(logits, &all), Access::dims(labels, &lead)];
        let out = lead.iter().map(|&d| AffineDim::dim(d)).collect();
        let flops = 4.0 * shape.iter().product::<u64>() as f64;
        self.emit(
            "loss.cross_entropy",
            OpClass::Reduction,
            dims,
            inputs,
            out,
            &shape[..r - 1],
            flops,
        )
    }

    /// NCHW convolution with a fresh `[f, c, k, k]` filter, stride and symmetric zero padding.
    pub fn conv2d(
        &mut self,
        x: TensorId,
        filters: u64,
        kernel: u64,
        stride: u64,
        pad: u64,
    ) -> TensorId {
        let [n, c, h, w] = self.shape(x)[..] else {
            panic!("conv2d expects an NCHW tensor")
        };
        let (oh, ow) = (
            (h + 2 * pad - kernel) / stride + 1,
            (w + 2 * pad - kernel) / stride + 1,
        );
        let filter = self.weight(
            &format!("filter{}", self.line + 1),
            &[filters, c, kernel, kernel],
        );
        let dims = vec![
            Dim::new(n, Role::Sample),
            Dim::new(filters, Role::Parameter),
            Dim::new(oh, Role::Attribute),
            Dim::new(ow, Role::Attribute),
            Dim::new(c, Role::Reduction),
            Dim::new(kernel, Role::Reduction),
            Dim::new(kernel, Role::Reduction),
        ];
        let (s, p) = (stride as i64, -(pad as i64));
        let x_access = Access {
            tensor: x,
            exprs: vec![
                AffineDim::dim(0),
                AffineDim::dim(4),
                AffineDim::window(2, s, 5, 1, p),
                AffineDim::window(3, s, 6, 1, p),
            ],
        };
        let w_access = Access::dims(filter, &[1, 4, 5, 6]);
        let out = (0..4).map(AffineDim::dim).collect();
        let flops = 2.0 * (n * filters * oh * ow * c * kernel * kernel) as f64;
        self.emit(
            "linalg.conv_2d_nchw_fchw",
            OpClass::Convolution,
            dims,
            vec![x_access, w_access],
            out,
            &[n, filters, oh, ow],
            flops,
        )
    }

    /// NCHW max pooling.
    pub fn max_pool(&mut self, x: TensorId, kernel: u64, stride: u64, pad: u64) -> TensorId {
        let [n, c, h, w] = self.shape(x)[..] else {
            panic!("max_pool expects an NCHW tensor")
        };
        let (oh, ow) = (
            (h + 2 * pad - kernel) / stride + 1,
            (w + 2 * pad - kernel) / stride + 1,
        );
        let dims = vec![
            Dim::new(n, Role::Sample),
            Dim::new(c, Role::Attribute),
            Dim::new(oh, Role::Attribute),
            Dim::new(ow, Role::Attribute),
            Dim::new(kernel, Role::Reduction),
            Dim::new(kernel, Role::Reduction),
        ];
        let (s, p) = (stride as i64, -(pad as i64));
        let x_access = Access {
            tensor: x,
            exprs: vec![
                AffineDim::dim(0),
                AffineDim::dim(1),
                AffineDim::window(2, s, 4, 1, p),
                AffineDim::window(3, s, 5, 1, p),
            ],
        };
        let out = (0..4).map(AffineDim::dim).collect();
        let flops = (n * c * oh * ow * kernel * kernel) as f64;
        self.emit(
            "linalg.pooling_nchw_max",
            OpClass::Convolution,
            dims,
            vec![x_access],
            out,
            &[n, c, oh, ow],
            flops,
        )
    }

    /// Mean over H and W of an NCHW tensor: `[n, c]`.
    pub fn global_avg_pool(&mut self, x: TensorId) -> TensorId {
        let [n, c, h, w] = self.shape(x)[..] else {
            panic!("global_avg_pool expects an NCHW tensor")
        };
        let dims = vec![
            Dim::new(n, Role::Sample),
            Dim::new(c, Role::Attribute),
            Dim::new(h, Role::Reduction),
            Dim::new(w, Role::Reduction),
        ];
        let out = vec![AffineDim::dim(0), AffineDim::dim(1)];
        let flops = (n * c * h * w) as f64;
        self.emit(
            "linalg.generic",
            OpClass::Reduction,
            dims,
            vec![Access::dims(x, &[0, 1, 2, 3])],
            out,
            &[n, c],
            flops,
        )
    }

    /// Token embedding: ids `[b, s]` → `[b, s, hidden]` from a fresh `[vocab, hidden]` table.
    pub fn embedding(&mut self, ids: TensorId, vocab: u64, hidden: u64) -> TensorId {
        let [b, s] = self.shape(ids)[..] else {
            panic!("embedding expects [batch, seq] ids")
        };
        let table = self.weight(&format!("embed{}", self.line + 1), &[vocab, hidden]);
        let dims = vec![
            Dim::new(b, Role::Sample),
            Dim::new(s, Role::Attribute),
            Dim::new(hidden, Role::Parameter),
            Dim::new(vocab, Role::Reduction),
        ];
        let inputs = vec![Access::dims(ids, &[0, 1]), Access::dims(table, &[3, 2])];
        let out = (0..3).map(AffineDim::dim).collect();
        self.emit(
            "stablehlo.gather",
            OpClass::Embedding,
            dims,
            inputs,
            out,
            &[b, s, hidden],
            0.0,
        )
    }

    /// Multi-head self-attention scores from a fused `[b, s, 3h]` QKV tensor: `[b, heads, s, s]`.
    pub fn attention_scores(&mut self, qkv: TensorId, heads: u64) -> TensorId {
        let [b, s, h3] = self.shape(qkv)[..] else {
            panic!("attention expects [batch, seq, 3*hidden]")
        };
        let (h, dh) = (h3 / 3, h3 / 3 / heads);
        // Loops: b, head, query i, key j, head dim e (reduction).
        let dims = vec![
            Dim::new(b, Role::Sample),
            Dim::new(heads, Role::Attribute),
            Dim::new(s, Role::Attribute),
            Dim::new(s, Role::Attribute),
            Dim::new(dh, Role::Reduction),
        ];
        let head_slice = |base: i64| AffineDim {
            terms: vec![(1, dh as i64), (4, 1)],
            offset: base,
        };
        let q = Access {
            tensor: qkv,
            exprs: vec![AffineDim::dim(0), AffineDim::dim(2), head_slice(0)],
        };
        let k = Access {
            tensor: qkv,
            exprs: vec![AffineDim::dim(0), AffineDim::dim(3), head_slice(h as i64)],
        };
        let out = (0..4).map(AffineDim::dim).collect();
        let flops = 2.0 * (b * heads * s * s * dh) as f64;
        self.emit(
            "linalg.batch_matmul",
            OpClass::Contraction,
            dims,
            vec![q, k],
            out,
            &[b, heads, s, s],
            flops,
        )
    }

    /// A causal mask applied to scores `[b, heads, s, s]`, as a training graph writes it: a select
    /// against a `[s, s]` boolean computed from positions alone (iotas and a comparison), which, a
    /// constant, is no tensor of the graph ([`crate::graph::Op::position_mask`]).
    pub fn causal_mask(&mut self, scores: TensorId) -> TensorId {
        let shape = self.shape(scores);
        let [.., sq, sk] = shape[..] else {
            panic!("a mask applies to [.., s, s] scores")
        };
        self.masked = Some((sq, sk));
        self.elementwise("stablehlo.select", &[scores], 1.0)
    }

    /// Attention-weighted values: probabilities `[b, heads, s, s]` and V from `qkv` → `[b, s, hidden]`.
    pub fn attention_context(&mut self, probs: TensorId, qkv: TensorId) -> TensorId {
        let [b, heads, s, _] = self.shape(probs)[..] else {
            panic!("attention expects [b, heads, s, s]")
        };
        let h = self.shape(qkv)[2] / 3;
        let dh = h / heads;
        // Loops: b, head, query i, head dim e, key j (reduction).
        let dims = vec![
            Dim::new(b, Role::Sample),
            Dim::new(heads, Role::Attribute),
            Dim::new(s, Role::Attribute),
            Dim::new(dh, Role::Attribute),
            Dim::new(s, Role::Reduction),
        ];
        let p = Access::dims(probs, &[0, 1, 2, 4]);
        let v = Access {
            tensor: qkv,
            exprs: vec![
                AffineDim::dim(0),
                AffineDim::dim(4),
                AffineDim {
                    terms: vec![(1, dh as i64), (3, 1)],
                    offset: 2 * h as i64,
                },
            ],
        };
        let out = vec![
            AffineDim::dim(0),
            AffineDim::dim(2),
            AffineDim {
                terms: vec![(1, dh as i64), (3, 1)],
                offset: 0,
            },
        ];
        let flops = 2.0 * (b * heads * s * s * dh) as f64;
        self.emit(
            "linalg.batch_matmul",
            OpClass::Contraction,
            dims,
            vec![p, v],
            out,
            &[b, s, h],
            flops,
        )
    }
}

/// Role of a leading (non-contracted) tensor dim: the first carries the batch.
fn lead_role(i: usize) -> Role {
    if i == 0 {
        Role::Sample
    } else {
        Role::Attribute
    }
}

/// A multi-layer perceptron: `layers` × (matmul, bias-free ReLU), then a loss.
/// An unrolled recurrence of `steps` steps, `h ← tanh(h · W)`, with one `hidden × hidden` weight shared by
/// every step: the shape of an RNN language model's time loop.
pub fn rnn(batch: u64, hidden: u64, steps: usize) -> Graph {
    let mut b = Builder::new("rnn", DType::F32);
    let mut h = b.input("h0", &[batch, hidden], DType::F32);
    let w = b.weight("w", &[hidden, hidden]);
    for _ in 0..steps {
        let z = b.matmul_with(h, w);
        h = b.elementwise("math.tanh", &[z], 4.0);
    }
    b.finish()
}

pub fn mlp(batch: u64, widths: &[u64]) -> Graph {
    let mut b = Builder::new("mlp", DType::F32);
    let mut x = b.input("x", &[batch, widths[0]], DType::F32);
    let labels = b.input("labels", &[batch], DType::I64);
    for &w in &widths[1..] {
        let y = b.matmul(x, w);
        x = b.elementwise("linalg.generic", &[y], 1.0);
    }
    b.loss(x, labels);
    b.finish()
}

/// Shape of a ResNet-style CNN.
#[derive(Clone, Debug)]
pub struct ResNetSpec {
    pub batch: u64,
    pub image: u64,
    /// Bottleneck blocks per stage (ResNet-101: `[3, 4, 23, 3]`).
    pub blocks: [usize; 4],
    /// Width of the first stage (64 in ResNet); later stages double it.
    pub width: u64,
    pub classes: u64,
}

impl ResNetSpec {
    /// ResNet-101 on 224×224 images.
    pub fn resnet101(batch: u64) -> ResNetSpec {
        ResNetSpec {
            batch,
            image: 224,
            blocks: [3, 4, 23, 3],
            width: 64,
            classes: 1000,
        }
    }
}

/// A ResNet-style CNN: stem (7×7 conv, norm, ReLU, max pool), bottleneck blocks (1×1, 3×3, 1×1 convolutions
/// each with a norm, a projection shortcut on each stage's first block, residual add, ReLU), global average
/// pool, fully connected layer, loss. ResNet-101's shape has 345 ops.
pub fn resnet(spec: &ResNetSpec) -> Graph {
    let mut b = Builder::new("resnet", DType::F32);
    let x = b.input(
        "images",
        &[spec.batch, 3, spec.image, spec.image],
        DType::F32,
    );
    let labels = b.input("labels", &[spec.batch], DType::I64);
    let y = b.conv2d(x, spec.width, 7, 2, 3);
    let y = b.scale_shift(y, 1);
    let y = b.elementwise("linalg.generic", &[y], 1.0);
    let mut x = b.max_pool(y, 3, 2, 1);
    for (stage, &count) in spec.blocks.iter().enumerate() {
        let width = spec.width << stage;
        for block in 0..count {
            let stride = if stage > 0 && block == 0 { 2 } else { 1 };
            let y = b.conv2d(x, width, 1, 1, 0);
            let y = b.scale_shift(y, 1);
            let y = b.elementwise("linalg.generic", &[y], 1.0);
            let y = b.conv2d(y, width, 3, stride, 1);
            let y = b.scale_shift(y, 1);
            let y = b.elementwise("linalg.generic", &[y], 1.0);
            let y = b.conv2d(y, 4 * width, 1, 1, 0);
            let y = b.scale_shift(y, 1);
            let shortcut = if block == 0 {
                let s = b.conv2d(x, 4 * width, 1, stride, 0);
                b.scale_shift(s, 1)
            } else {
                x
            };
            let y = b.elementwise("linalg.add", &[y, shortcut], 1.0);
            x = b.elementwise("linalg.generic", &[y], 1.0);
        }
    }
    let pooled = b.global_avg_pool(x);
    let logits = b.matmul(pooled, spec.classes);
    b.loss(logits, labels);
    b.finish()
}

/// Shape of a GPT-style decoder.
#[derive(Clone, Debug)]
pub struct TransformerSpec {
    pub batch: u64,
    pub seq: u64,
    pub hidden: u64,
    pub heads: u64,
    pub layers: usize,
    pub ffn: u64,
    pub vocab: u64,
}

impl TransformerSpec {
    /// A two-layer transformer small enough for tests (batch 8, sequence 16, hidden 32).
    pub const TINY: TransformerSpec = TransformerSpec {
        batch: 8,
        seq: 16,
        hidden: 32,
        heads: 4,
        layers: 2,
        ffn: 64,
        vocab: 96,
    };

    /// Two layers of 8 heads over 256 tokens (batch 2, hidden 128): attention scores larger than any
    /// other tensor, for the attention tests.
    pub const LONG_SEQUENCE: TransformerSpec = TransformerSpec {
        batch: 2,
        seq: 256,
        hidden: 128,
        heads: 8,
        layers: 2,
        ffn: 512,
        vocab: 96,
    };

    /// GPT-2 small (124M parameters; vocabulary padded to a multiple of 128).
    pub fn gpt2_small(batch: u64) -> TransformerSpec {
        TransformerSpec {
            batch,
            seq: 1024,
            hidden: 768,
            heads: 12,
            layers: 12,
            ffn: 3072,
            vocab: 50304,
        }
    }
}

/// A GPT-style decoder: embedding, `layers` pre-norm blocks (norm, fused QKV projection, scores, softmax,
/// context, output projection, residual add, norm, MLP up, GELU, MLP down, residual add), final norm, LM head,
/// loss. GPT-2 small's shape has 148 ops.
pub fn transformer(spec: &TransformerSpec) -> Graph {
    decoder(spec, false)
}

/// [`transformer`] with a causal mask on every layer's scores ([`Builder::causal_mask`]), as GPT-style
/// training graphs write it.
pub fn causal_transformer(spec: &TransformerSpec) -> Graph {
    decoder(spec, true)
}

fn decoder(spec: &TransformerSpec, causal: bool) -> Graph {
    let mut b = Builder::new("gpt", DType::BF16);
    let ids = b.input("tokens", &[spec.batch, spec.seq], DType::I64);
    let labels = b.input("labels", &[spec.batch, spec.seq], DType::I64);
    let mut x = b.embedding(ids, spec.vocab, spec.hidden);
    for _ in 0..spec.layers {
        let h = b.layer_norm(x);
        let qkv = b.matmul(h, 3 * spec.hidden);
        let mut scores = b.attention_scores(qkv, spec.heads);
        if causal {
            scores = b.causal_mask(scores);
        }
        let probs = b.softmax(scores);
        let ctx = b.attention_context(probs, qkv);
        let proj = b.matmul(ctx, spec.hidden);
        let x1 = b.elementwise("linalg.add", &[x, proj], 1.0);
        let h = b.layer_norm(x1);
        let up = b.matmul(h, spec.ffn);
        let act = b.elementwise("linalg.generic", &[up], 8.0);
        let down = b.matmul(act, spec.hidden);
        x = b.elementwise("linalg.add", &[x1, down], 1.0);
    }
    let h = b.layer_norm(x);
    let logits = b.matmul(h, spec.vocab);
    b.loss(logits, labels);
    b.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn model_sizes_match_their_namesakes() {
        let r = resnet(&ResNetSpec::resnet101(64));
        assert_eq!(r.num_ops(), 345);
        // ResNet-101 has 44.5M parameters (our norms have 2 per channel, as batch norm's trained ones).
        let params = r.parameter_count() as f64;
        assert!((44.0e6..45.5e6).contains(&params), "{params}");
        // 7.8 G multiply-adds per 224x224 image (the paper's "FLOPs"), counted here as 2 FLOPs each.
        let per_image = r.total_flops() / 64.0;
        assert!((15.0e9..16.5e9).contains(&per_image), "{per_image}");

        let g = transformer(&TransformerSpec::gpt2_small(8));
        assert_eq!(g.num_ops(), 148);
        let params = g.parameter_count() as f64;
        // 124M with a tied LM head; ours is untied: +38.6M.
        assert!((160e6..166e6).contains(&params), "{params}");
    }

    #[test]
    fn conv_output_shapes() {
        let mut b = Builder::new("t", DType::F32);
        let x = b.input("x", &[2, 3, 224, 224], DType::F32);
        let y = b.conv2d(x, 64, 7, 2, 3);
        let y = b.max_pool(y, 3, 2, 1);
        assert_eq!(b.graph().tensor(y).shape, vec![2, 64, 56, 56]);
    }
}
