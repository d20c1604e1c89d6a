//! `par-import`: annotates every compute op with its iteration space and the SOAP roles of its loops
//! (`#par.space`). The analysis itself lives in [`crate::import`], which `par-search` runs too (a pass
//! never imports another pass: both use the shared module).

use crate::{
    import::{analyze, ImportOptions, IMPORT_OPTIONS},
    Options, PassId, PassInfo,
};
use melior::ir::OperationRef;

static ID: PassId = PassId::new();

pub static INFO: PassInfo = PassInfo {
    argument: "par-import",
    summary: "Annotate compute ops with their iteration space and SOAP roles (#par.space)",
    options: &IMPORT_OPTIONS,
    anchor: "builtin.module",
    id: &ID,
    run,
    dependent_dialects: &[],
};

fn run(module: OperationRef<'_, '_>, options: &Options) -> Result<(), ()> {
    analyze(&module, &ImportOptions::from_pass_options(options), true)
        .map(drop)
        .map_err(drop)
}
