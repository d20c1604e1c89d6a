//! The artifact's undefined symbols (`mgpu*`, `flexc_gpu_*`) resolve at `dlopen` time against the
//! `flexc-gpu` executable: export its dynamic symbols.
fn main() {
    println!("cargo:rustc-link-arg-bins=-Wl,--export-dynamic");
}
