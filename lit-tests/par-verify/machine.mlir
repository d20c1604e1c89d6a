// A malformed #par.machine is an error at the module (a probe of issue 20: devices 0, -4, 10^8 and an
// unknown name without facts were silently ignored), in par-verify, par-materialize (so flexc-run and
// the GPU target) and the default pipeline, even when devices= overrides the count.
// RUN: %flexc --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(par-verify)' %s
// RUN: %flexc --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(par-materialize{devices=2})' %s
// RUN: not %flexc --split-input-file %s -o %t.discarded 2>&1 | FileCheck %s
// flexc-run materializes a .par.mlir for its #par.machine:
// RUN: %expect-exit 1 %flexc-run %S/../Inputs/bad-machine.par.mlir 2>&1 | FileCheck %s --check-prefix=RUNNER
// RUNNER: bad-machine.par.mlir:2:1: error: invalid 'par.machine': #par.machine fact devices: device count 0 is outside 1..=65536

// CHECK: machine.mlir:[[@LINE+2]]:1: error: invalid 'par.machine': #par.machine fact devices: device count 0 is outside 1..=65536
// expected-error@+1 {{invalid 'par.machine': #par.machine fact devices: device count 0 is outside 1..=65536}}
module attributes {par.machine = #par.machine<"test", {devices = 0 : i64}>} {
}

// -----

// CHECK: machine.mlir:[[@LINE+2]]:1: error: invalid 'par.machine': #par.machine fact devices = -4 : i64 is not a count
// expected-error@+1 {{#par.machine fact devices = -4 : i64 is not a count}}
module attributes {par.machine = #par.machine<"test", {devices = -4 : i64}>} {
}

// -----

// CHECK: machine.mlir:[[@LINE+2]]:1: error: invalid 'par.machine': #par.machine fact devices: device count 100000000 is outside 1..=65536
// expected-error@+1 {{device count 100000000 is outside 1..=65536}}
module attributes {par.machine = #par.machine<"test", {devices = 100000000 : i64}>} {
}

// -----

// CHECK: machine.mlir:[[@LINE+2]]:1: error: invalid 'par.machine': #par.machine<"cluster-of-mine"> names no preset flexc knows and has no 'devices' or 'nodes' and 'gpus_per_node' facts: its device count is unknown
// expected-error@+1 {{names no preset flexc knows}}
module attributes {par.machine = #par.machine<"cluster-of-mine", {}>} {
}

// -----

// CHECK: machine.mlir:[[@LINE+2]]:1: error: invalid 'par.machine': #par.machine has 1000 nodes of 1000 GPUs, 1000000 devices; flexc models at most 65536
// expected-error@+1 {{1000000 devices}}
module attributes {par.machine = #par.machine<"test", {nodes = 1000 : i64, gpus_per_node = 1000 : i64}>} {
}
