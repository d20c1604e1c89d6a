// The `par` dialect: SOAP parallelization of tensor programs (flexc).
//
// Loaded by flexc at start-up and readable by any MLIR 22 tool:
//   mlir-opt-22 --irdl-file=dialects/par.irdl.mlir model.par.mlir
//
// IRDL ops have no custom syntax: they print in the generic form `"par.op"(...) {...} : (...) -> ...`.
// IRDL attributes print as `#par.name<param, param, ...>` with positional parameters.
//
// Three layers (DESIGN §3):
//   1. attributes that annotate the input program: iteration spaces with SOAP roles (`#par.space`), a
//      parallel configuration per op (`#par.config`), the machine (`#par.machine`) and the import
//      options (`#par.import`);
//   2. graph-level parallel ops inserted between a producer and a consumer whose configurations
//      differ (Unity's four: repartition, combine, replicate, reduce);
//   3. device-level ops after materialization: the device id, halo exchange, point-to-point and
//      collective communication, each with an explicit device group.
//
// Conventions: dims, degrees and device ids are i64; device groups are `array<i64: ...>`
// (dense i64 arrays) of device ids in ring order; reduction kinds are the strings "sum", "max", "min".
//
// Besides these, the search writes `par.name` (a plain string attribute, no IRDL definition) in the
// argument attributes of the entry function's weights: the parameter's name in the source framework,
// e.g. `{par.name = "['Dense_0']['kernel']"}` (JAX's pytree path, from the argument's name location or
// the `jax.result_info` of the result it is aliased to); `--emit=jax-shardings` keys parameters by it.

irdl.dialect @par {

  // ===--------------------------------------------------------------------------------------===//
  // Attributes
  // ===--------------------------------------------------------------------------------------===//

  // Iteration space of a compute op with the SOAP role of each loop dim, in loop order.
  // Parameters: the static trip count of every loop dim; one role letter per dim:
  //   S = sample (carries the batch), A = attribute (spatial, sequence, heads),
  //   P = parameter (indexes a trained weight), R = reduction.
  // Example (a matmul 64x1000 <- 64x4096 * 4096x1000 whose rhs is a weight):
  //   linalg.matmul {par.space = #par.space<array<i64: 64, 1000, 4096>, "SPR">} ...
  irdl.attribute @space {
    %sizes = irdl.base "#builtin.dense_array"
    %roles = irdl.base "#builtin.string"
    irdl.parameters(sizes: %sizes, roles: %roles)
  }

  // A parallel configuration of one op: the degree of parallelism of every loop dim (in the order
  // of `#par.space`; the product is the number of tasks) and the devices that run the tasks, in
  // row-major order of the task grid. Degree 1 everywhere with one device is "not parallel".
  // Example (4-way data parallel matmul on devices 0..3):
  //   linalg.matmul {par.config = #par.config<array<i64: 4, 1, 1>, array<i64: 0, 1, 2, 3>>} ...
  irdl.attribute @config {
    %degrees = irdl.base "#builtin.dense_array"
    %devices = irdl.base "#builtin.dense_array"
    irdl.parameters(degrees: %degrees, devices: %devices)
  }

  // The machine a strategy was chosen for: a name (preset or file) and a dictionary of its facts
  // (nodes, gpus_per_node, peak_flops, memory_bytes, memory_bandwidth, link bandwidths, ...).
  // Example, as a module attribute:
  //   module attributes {par.machine = #par.machine<"dgx-h100:1", {nodes = 1 : i64, gpus_per_node = 8 : i64}>}
  irdl.attribute @machine {
    %name = irdl.base "#builtin.string"
    %facts = irdl.base "#builtin.dictionary"
    irdl.parameters(name: %name, facts: %facts)
  }

  // The schedule of a strategy (flexc_core::schedule): data-parallel replicas of the whole
  // configuration, pipeline stages (device groups) per replica, virtual stages (chunks) per group,
  // micro-batches per replica and iteration, the pipeline order ("1f1b" or "gpipe"), recomputation
  // ("none", "selective", "full"), ZeRO stage (0, 1, 2, 3), and the ways of each parallelism
  // dimension of flexc_core::schedule::dimension::DIMENSIONS, dividing replicas, 1 when absent (today
  // expert_parallel: replicas per expert-parallel group; context_parallel: consecutive replicas
  // sharing their samples, each attention's sequence split over them, which replicas count: dp x cp);
  // its fields are the rows of flexc_core::schedule::spec::KEYS that the record spells. Absent on a
  // module: the flat schedule.
  // When stages x chunks > 1, every op carries its virtual stage as `par.stage = K : i64`.
  // Example, as a module attribute:
  //   module attributes {par.schedule = #par.schedule<{chunks = 1 : i64, micro_batches = 8 : i64,
  //     order = "1f1b", recompute = "selective", replicas = 4 : i64, stages = 2 : i64, zero = 1 : i64}>}
  irdl.attribute @schedule {
    %fields = irdl.base "#builtin.dictionary"
    irdl.parameters(fields: %fields)
  }

  // The import options a strategy was found with, so that a .par.mlir is read again as it was
  // imported: batch_dim, mode ("train", "as-is" or "inference"), and when set data_args, param_args
  // (array<i64: ...>), batch, entry, opaque_unknown. A machine read from a TOML file is recorded in
  // #par.machine with its text (fact `toml`).
  // Example, as a module attribute:
  //   module attributes {par.import = #par.import<{batch_dim = 1 : i64, mode = "train"}>}
  irdl.attribute @import {
    %options = irdl.base "#builtin.dictionary"
    irdl.parameters(options: %options)
  }

  // ===--------------------------------------------------------------------------------------===//
  // Graph-level parallel ops (Unity): the value is the whole logical tensor; the op changes how it
  // is distributed over the devices of the consumer's configuration.
  // ===--------------------------------------------------------------------------------------===//

  // Splits `dim` of the input into `degree` equal parts (one per task of the consumer).
  // Example: %p = "par.repartition"(%x) {dim = 0 : i64, degree = 4 : i64} : (tensor<64x128xf32>) -> tensor<64x128xf32>
  irdl.operation @repartition {
    %tensor = irdl.base "!builtin.tensor"
    %dim = irdl.base "#builtin.integer"
    %degree = irdl.base "#builtin.integer"
    irdl.operands(input: %tensor)
    irdl.results(output: %tensor)
    irdl.attributes { "dim" = %dim, "degree" = %degree }
  }

  // Inverse of repartition: concatenates the `degree` parts along `dim`.
  // Example: %c = "par.combine"(%p) {dim = 0 : i64, degree = 4 : i64} : (tensor<64x128xf32>) -> tensor<64x128xf32>
  irdl.operation @combine {
    %tensor = irdl.base "!builtin.tensor"
    %dim = irdl.base "#builtin.integer"
    %degree = irdl.base "#builtin.integer"
    irdl.operands(input: %tensor)
    irdl.results(output: %tensor)
    irdl.attributes { "dim" = %dim, "degree" = %degree }
  }

  // Makes `degree` copies of the input (e.g. a weight read by every data-parallel task).
  // Example: %r = "par.replicate"(%w) {degree = 4 : i64} : (tensor<128x10xf32>) -> tensor<128x10xf32>
  irdl.operation @replicate {
    %tensor = irdl.base "!builtin.tensor"
    %degree = irdl.base "#builtin.integer"
    irdl.operands(input: %tensor)
    irdl.results(output: %tensor)
    irdl.attributes { "degree" = %degree }
  }

  // Combines `degree` partial values element-wise (after a split reduction dim), with `kind`.
  // Example: %s = "par.reduce"(%partial) {degree = 2 : i64, kind = "sum"} : (tensor<64x10xf32>) -> tensor<64x10xf32>
  irdl.operation @reduce {
    %tensor = irdl.base "!builtin.tensor"
    %degree = irdl.base "#builtin.integer"
    %kind = irdl.base "#builtin.string"
    irdl.operands(input: %tensor)
    irdl.results(output: %tensor)
    irdl.attributes { "degree" = %degree, "kind" = %kind }
  }

  // ===--------------------------------------------------------------------------------------===//
  // Device-level ops (after materialization): values are the local shards of one device.
  // ===--------------------------------------------------------------------------------------===//

  // The id of the device running this SPMD program.
  // Example: %id = "par.device_id"() : () -> index
  irdl.operation @device_id {
    %index = irdl.is index
    irdl.results(id: %index)
  }

  // Exchanges halo rows of `dim` with the neighbours in `group`: the result is the local shard
  // extended by `low` rows from the previous device and `high` rows from the next one.
  // Example: %h = "par.halo_exchange"(%x) {dim = 2 : i64, low = 1 : i64, high = 1 : i64, group = array<i64: 0, 1>} : (tensor<2x8x16x32xf32>) -> tensor<2x8x18x32xf32>
  irdl.operation @halo_exchange {
    %in = irdl.base "!builtin.tensor"
    %out = irdl.base "!builtin.tensor"
    %dim = irdl.base "#builtin.integer"
    %low = irdl.base "#builtin.integer"
    %high = irdl.base "#builtin.integer"
    %group = irdl.base "#builtin.dense_array"
    irdl.operands(input: %in)
    irdl.results(output: %out)
    irdl.attributes { "dim" = %dim, "low" = %low, "high" = %high, "group" = %group }
  }

  // Sends the local value to device `peer`; matched with the `par.recv` of the same `tag` there.
  // Example: "par.send"(%x) {peer = 1 : i64, tag = 7 : i64} : (tensor<32x128xf32>) -> ()
  irdl.operation @send {
    %tensor = irdl.base "!builtin.tensor"
    %peer = irdl.base "#builtin.integer"
    %tag = irdl.base "#builtin.integer"
    irdl.operands(input: %tensor)
    irdl.attributes { "peer" = %peer, "tag" = %tag }
  }

  // Receives a value from device `peer`, sent by the `par.send` of the same `tag`.
  // Example: %y = "par.recv"() {peer = 0 : i64, tag = 7 : i64} : () -> tensor<32x128xf32>
  irdl.operation @recv {
    %tensor = irdl.base "!builtin.tensor"
    %peer = irdl.base "#builtin.integer"
    %tag = irdl.base "#builtin.integer"
    irdl.results(output: %tensor)
    irdl.attributes { "peer" = %peer, "tag" = %tag }
  }

  // Element-wise reduction over `group`; every member gets the full result.
  // Example: %g = "par.all_reduce"(%dw) {group = array<i64: 0, 1, 2, 3>, kind = "sum"} : (tensor<128x10xf32>) -> tensor<128x10xf32>
  irdl.operation @all_reduce {
    %tensor = irdl.base "!builtin.tensor"
    %group = irdl.base "#builtin.dense_array"
    %kind = irdl.base "#builtin.string"
    irdl.operands(input: %tensor)
    irdl.results(output: %tensor)
    irdl.attributes { "group" = %group, "kind" = %kind }
  }

  // Concatenates the shards of `group` along `dim`; every member gets the whole tensor.
  // Example: %a = "par.all_gather"(%x) {group = array<i64: 0, 1>, dim = 0 : i64} : (tensor<32x128xf32>) -> tensor<64x128xf32>
  irdl.operation @all_gather {
    %in = irdl.base "!builtin.tensor"
    %out = irdl.base "!builtin.tensor"
    %group = irdl.base "#builtin.dense_array"
    %dim = irdl.base "#builtin.integer"
    irdl.operands(input: %in)
    irdl.results(output: %out)
    irdl.attributes { "group" = %group, "dim" = %dim }
  }

  // Reduces over `group` with `kind`, then leaves member i with the i-th part along `dim`.
  // Example: %s = "par.reduce_scatter"(%x) {group = array<i64: 0, 1>, dim = 0 : i64, kind = "sum"} : (tensor<64x128xf32>) -> tensor<32x128xf32>
  irdl.operation @reduce_scatter {
    %in = irdl.base "!builtin.tensor"
    %out = irdl.base "!builtin.tensor"
    %group = irdl.base "#builtin.dense_array"
    %dim = irdl.base "#builtin.integer"
    %kind = irdl.base "#builtin.string"
    irdl.operands(input: %in)
    irdl.results(output: %out)
    irdl.attributes { "group" = %group, "dim" = %dim, "kind" = %kind }
  }

  // Splits the local shard along `split_dim` into one part per member of `group`, sends part j to
  // member j, and concatenates the received parts along `concat_dim`.
  // Example: %t = "par.all_to_all"(%x) {group = array<i64: 0, 1>, split_dim = 1 : i64, concat_dim = 0 : i64} : (tensor<32x128xf32>) -> tensor<64x64xf32>
  irdl.operation @all_to_all {
    %in = irdl.base "!builtin.tensor"
    %out = irdl.base "!builtin.tensor"
    %group = irdl.base "#builtin.dense_array"
    %split = irdl.base "#builtin.integer"
    %concat = irdl.base "#builtin.integer"
    irdl.operands(input: %in)
    irdl.results(output: %out)
    irdl.attributes { "group" = %group, "split_dim" = %split, "concat_dim" = %concat }
  }
}
