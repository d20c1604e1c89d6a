//! `flexc-run --mpi=N`: the device programs as N MPI processes (docs/design.md §7, issue 6).
//!
//! The launcher (the `flexc-run` the user runs) materializes the module if needed, runs the serial
//! function itself, writes the module to a scratch directory and starts
//! `mpirun -np N flexc-run PROGRAM --mpi-worker=DIR ...`. Every rank is a **worker**: it lowers the
//! module with [`flexc_passes::pass_pipeline::mpi_lowering`] (`par-lower-runtime{target=mpi}` turns the `par` communication ops
//! into the upstream `mpi` dialect, whose own lowering makes them `MPI_Send`/`MPI_Recv`/
//! `MPI_Allreduce` calls), JIT-compiles it with `libmpi` loaded, calls `MPI_Init`, runs
//! `@f_device<rank>` on the same seeded inputs as the launcher, and rank 0 writes the results to the
//! scratch directory (`<function>.<index>.bin`, row-major bytes), which the launcher compares with the
//! serial results.
//!
//! Start-up is watched: every rank announces itself in the scratch directory as soon as it starts
//! (its rank from `OMPI_COMM_WORLD_RANK`, `PMIX_RANK` or `PMI_RANK`, which the launcher sets before
//! `MPI_Init`), in a file it holds locked until it exits ([`RankMarker`]) and in which it records its
//! phase (`started`, `initialized`, `finished`). The launcher stops the ranks and names the culprits
//! when a rank has not announced itself within [`START_LIMIT`] (or half of `--mpi-timeout`), or
//! when a rank's lock is free before it finished (it exited: a rank that exits with status 0 before
//! `MPI_Init` leaves the others waiting in it, which `mpirun` does not report), instead of waiting for
//! the whole timeout and saying "deadlock?".
//!
//! Open MPI settings the launcher passes through the environment (unless already set): ranks may
//! outnumber cores (`rmaps_base_oversubscribe`), root may run them (containers), shared-memory
//! transport without the kernel's cross-memory attach (`btl_vader_single_copy_mechanism=none`,
//! which containers often forbid), and all processes on this host (`plm=isolated`: no ssh needed). Another MPI (MPICH) ignores them; `--mpi-abi` must then match.
//! `FLEXC_MPIRUN` names the launcher (default `mpirun`), `FLEXC_MPI_LIBRARY` the library the
//! workers load (default: the first of `libmpi.so.40`, `libmpi.so.12`, `libmpi.so` that loads).

use super::{
    check_entry_against, fill_elided_weights, find_entries, inputs, mark_c_interface, Engine,
    Entry, RunOptions,
};
use crate::{
    diagnostics::{Diag, Printer},
    session::{create_context, read_source, source_text, Exit, Session},
};
use flexc_core::DeviceCount;
use std::{
    ffi::{c_char, c_int, c_void, CString},
    io::{Read, Write},
    path::{Path, PathBuf},
    process::{Command, Stdio},
    time::{Duration, Instant},
};

/// A private scratch directory, removed when dropped and when a signal ends the launcher
/// (`flexc_core::output::ScratchDir`).
pub(super) struct Scratch(flexc_core::output::ScratchDir);

impl Scratch {
    pub(super) fn new() -> Result<Scratch, String> {
        flexc_core::output::ScratchDir::new("flexc-run")
            .map(Scratch)
            .map_err(|e| format!("cannot create a scratch directory: {e}"))
    }

    fn path(&self) -> &Path {
        self.0.path()
    }
}

/// How long the ranks may take to announce themselves (they do it before parsing and compiling).
pub(super) const START_LIMIT: Duration = Duration::from_secs(15);

/// The environment variables that carry a process's rank before `MPI_Init` (Open MPI, PMIx, MPICH).
const RANK_VARIABLES: [&str; 3] = ["OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"];

fn marker_path(dir: &Path, rank: usize) -> PathBuf {
    dir.join(format!("rank{rank}.alive"))
}

/// A rank's announcement (module doc): a file locked while the process lives, holding its phase.
struct RankMarker(std::fs::File);

impl RankMarker {
    /// Announces this process as its rank in `dir`; `None` when the rank is not known yet (no
    /// launcher variable) or the file cannot be written.
    fn announce(dir: &Path) -> Option<RankMarker> {
        let rank: usize = RANK_VARIABLES
            .iter()
            .find_map(|name| std::env::var(name).ok()?.parse().ok())?;
        // Locked before it gets its name, so the launcher never sees it unlocked while we live.
        let temporary = dir.join(format!(".rank{rank}.{}", std::process::id()));
        let file = std::fs::File::create(&temporary).ok()?;
        if !lock(&file, true) {
            return None;
        }
        let marker = RankMarker(file);
        marker.phase("started");
        std::fs::rename(&temporary, marker_path(dir, rank)).ok()?;
        Some(marker)
    }

    fn phase(&self, phase: &str) {
        use std::io::Seek;
        let mut file = &self.0;
        let _ = file
            .set_len(0)
            .and_then(|()| file.seek(std::io::SeekFrom::Start(0)))
            .and_then(|_| file.write_all(phase.as_bytes()));
    }
}

/// How long `mpirun` gets to end the job by itself after a rank exited (a rank that fails with a
/// non-zero status makes it stop the others and report; only one that exits quietly needs us).
const EXIT_GRACE: Duration = Duration::from_secs(3);

/// What the start-up watch found.
enum StartUp {
    /// A rank exited before finishing (message).
    Exited(String),
    /// Ranks did not announce themselves in time (message).
    Missing(String),
}

/// `flock`s `file` exclusively (waiting for it when `wait`); whether it got the lock. The lock goes
/// with the process, whatever ends it.
fn lock(file: &std::fs::File, wait: bool) -> bool {
    use std::os::fd::AsRawFd;
    let operation = if wait {
        libc::LOCK_EX
    } else {
        libc::LOCK_EX | libc::LOCK_NB
    };
    unsafe { libc::flock(file.as_raw_fd(), operation) == 0 }
}

/// Why the ranks may have to be stopped (module doc), if they may.
fn start_up_failure(dir: &Path, ranks: usize, since: Instant, limit: Duration) -> Option<StartUp> {
    let mut missing = Vec::new();
    for rank in 0..ranks {
        let path = marker_path(dir, rank);
        let Ok(file) = std::fs::File::open(&path) else {
            missing.push(rank.to_string());
            continue;
        };
        if lock(&file, false) {
            let phase = std::fs::read_to_string(&path).unwrap_or_default();
            if phase != "finished" {
                let when = if phase == "initialized" {
                    "after MPI_Init, before finishing"
                } else {
                    "before MPI_Init"
                };
                return Some(StartUp::Exited(format!(
                    "MPI rank {rank} exited {when}; the other ranks would wait for it"
                )));
            }
        }
    }
    (!missing.is_empty() && since.elapsed() > limit).then(|| {
        StartUp::Missing(format!(
            "MPI rank{} {} did not start flexc-run within {} s (the launcher '{}' started something else, or nothing)",
            if missing.len() > 1 { "s" } else { "" },
            missing.join(", "),
            limit.as_secs(),
            std::env::var("FLEXC_MPIRUN").unwrap_or_else(|_| "mpirun".into())
        ))
    })
}

fn result_path(dir: &Path, entry: &str, index: usize) -> PathBuf {
    dir.join(format!("{entry}.{index}.bin"))
}

/// Runs the device functions of `entries` as `ranks` MPI processes; returns, per entry, the
/// results of rank 0.
pub(super) fn launch(
    program: &str,
    entries: &[Entry],
    options: &RunOptions,
    ranks: DeviceCount,
    scratch: &Scratch,
) -> Result<Vec<Vec<Vec<u8>>>, String> {
    let program_path = scratch.path().join("program.mlir");
    std::fs::write(&program_path, program)
        .map_err(|e| format!("cannot write '{}': {e}", program_path.display()))?;
    let worker = options
        .worker
        .clone()
        .or_else(|| std::env::current_exe().ok())
        .ok_or("cannot find the flexc-run executable to start as MPI ranks")?;
    let mpirun = std::env::var("FLEXC_MPIRUN").unwrap_or_else(|_| "mpirun".into());
    let mut command = Command::new(&mpirun);
    command
        .arg("-np")
        .arg(ranks.to_string())
        .arg(&worker)
        .arg(&program_path)
        .arg(format!("--mpi-worker={}", scratch.path().display()))
        .arg(format!("--seed={}", options.seed))
        .arg(format!("--int-max={}", options.int_max))
        // The ranks parse the same program: ops of dialects MLIR does not register (a JAX export's,
        // torch-mlir's tm_tensor) need the flag there too.
        .args(
            options
                .allow_unregistered_dialect
                .then_some("--allow-unregistered-dialect"),
        )
        .args(
            options
                .opt_level
                .map(|level| format!("--opt-level={level}")),
        )
        .args(options.inputs.iter().map(|dir| {
            let mut arg = std::ffi::OsString::from("--inputs=");
            arg.push(dir);
            arg
        }))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (key, value) in [
        ("OMPI_MCA_rmaps_base_oversubscribe", "1"),
        ("OMPI_ALLOW_RUN_AS_ROOT", "1"),
        ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"),
        ("OMPI_MCA_btl_vader_single_copy_mechanism", "none"),
        ("OMPI_MCA_plm", "isolated"),
    ] {
        if std::env::var_os(key).is_none() {
            command.env(key, value);
        }
    }
    let mut child = command.spawn().map_err(|e| {
        format!("cannot start '{mpirun}': {e} (install Open MPI: tools/setup, or set FLEXC_MPIRUN)")
    })?;
    // Killing the launcher stops the ranks too (mpirun passes SIGTERM on).
    let _stop_with_launcher = flexc_core::output::ChildGuard::new(child.id());
    // Drained on threads so that a chatty rank cannot fill a pipe and stall.
    let drain = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_string(&mut text);
            }
            text
        })
    };
    let stdout = drain(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = drain(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let started = Instant::now();
    let deadline = started + Duration::from_secs(options.mpi_timeout_s);
    let start_limit = START_LIMIT.min(Duration::from_secs(options.mpi_timeout_s) / 2);
    let mut start_up = None;
    let mut exited_at: Option<Instant> = None;
    let mut polls = 0u64;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            Ok(None) if Instant::now() < deadline => {
                polls += 1;
                if polls % 10 == 0 {
                    match start_up_failure(scratch.path(), ranks.to_usize(), started, start_limit) {
                        Some(StartUp::Missing(message)) => {
                            start_up = Some(message);
                        }
                        Some(StartUp::Exited(message)) => {
                            let at = *exited_at.get_or_insert_with(Instant::now);
                            if at.elapsed() > EXIT_GRACE {
                                start_up = Some(message);
                            }
                        }
                        None => {}
                    }
                    if start_up.is_some() {
                        terminate(&mut child);
                        break None;
                    }
                }
                std::thread::sleep(Duration::from_millis(20))
            }
            _ => {
                terminate(&mut child);
                break None;
            }
        }
    };
    let output = format!(
        "{}{}",
        stdout.join().unwrap_or_default(),
        stderr.join().unwrap_or_default()
    );
    let output = output.trim_end();
    match status {
        None if start_up.is_some() => {
            return Err(format!(
                "{}; stopped the ranks{}",
                start_up.unwrap_or_default(),
                indented(output)
            ))
        }
        None => {
            return Err(format!(
                "the {} MPI ranks did not finish within {} s (deadlock?); stopped them{}",
                ranks,
                options.mpi_timeout_s,
                indented(output)
            ))
        }
        Some(status) if !status.success() => {
            return Err(format!("'{mpirun}' failed ({status}){}", indented(output)))
        }
        Some(_) => {}
    }
    entries
        .iter()
        .map(|entry| {
            entry
                .results
                .iter()
                .enumerate()
                .map(|(index, ty)| {
                    let path = result_path(scratch.path(), &entry.name, index);
                    let bytes = std::fs::read(&path).map_err(|e| {
                        format!("rank 0 wrote no result {index} of @{}: {e}", entry.name)
                    })?;
                    if bytes.len() != ty.elements() * ty.element.width() {
                        return Err(format!(
                            "rank 0 wrote {} bytes for result {index} of @{} ({}), expected {}",
                            bytes.len(),
                            entry.name,
                            ty.text,
                            ty.elements() * ty.element.width()
                        ));
                    }
                    Ok(bytes)
                })
                .collect()
        })
        .collect()
}

fn indented(output: &str) -> String {
    if output.is_empty() {
        return String::new();
    }
    let lines: Vec<String> = output.lines().map(|l| format!("  | {l}")).collect();
    format!(":\n{}", lines.join("\n"))
}

/// SIGTERM (mpirun passes it on to the ranks), then SIGKILL after a grace period.
fn terminate(child: &mut std::process::Child) {
    extern "C" {
        fn kill(pid: c_int, signal: c_int) -> c_int;
    }
    const SIGTERM: c_int = 15;
    if let Ok(pid) = c_int::try_from(child.id()) {
        unsafe { kill(pid, SIGTERM) };
    }
    let grace = Instant::now() + Duration::from_secs(5);
    while Instant::now() < grace {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
}

extern "C" {
    fn dlopen(file: *const c_char, mode: c_int) -> *mut c_void;
    fn dlerror() -> *const c_char;
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
}

/// Open MPI's predefined reduction ops under the names MLIR 22's MPI-to-LLVM lowering uses for
/// them, and their real names (`MPI_SUM` is `&ompi_mpi_op_sum`; the lowering says `ompi_mpi_sum`).
const OPEN_MPI_OP_NAMES: [(&str, &str); 3] = [
    ("ompi_mpi_sum", "ompi_mpi_op_sum"),
    ("ompi_mpi_max", "ompi_mpi_op_max"),
    ("ompi_mpi_min", "ompi_mpi_op_min"),
];

/// Loads the MPI library into the process with global symbols, so that the JIT resolves
/// `MPI_Send`, `ompi_mpi_comm_world`, ... against it; returns its handle.
fn load_mpi_library() -> Result<*mut c_void, String> {
    const RTLD_NOW: c_int = 2;
    const RTLD_GLOBAL: c_int = 0x100;
    let candidates: Vec<String> = match std::env::var("FLEXC_MPI_LIBRARY") {
        Ok(path) => vec![path],
        Err(_) => ["libmpi.so.40", "libmpi.so.12", "libmpi.so"]
            .map(String::from)
            .to_vec(),
    };
    let mut errors = Vec::new();
    for candidate in &candidates {
        let name = CString::new(candidate.as_str()).map_err(|e| e.to_string())?;
        let handle = unsafe { dlopen(name.as_ptr(), RTLD_NOW | RTLD_GLOBAL) };
        if !handle.is_null() {
            return Ok(handle);
        }
        let error = unsafe { dlerror() };
        if !error.is_null() {
            errors.push(
                unsafe { std::ffi::CStr::from_ptr(error) }
                    .to_string_lossy()
                    .into_owned(),
            );
        }
    }
    Err(format!(
        "cannot load an MPI library ({}); install Open MPI (tools/setup) or set FLEXC_MPI_LIBRARY",
        errors.join("; ")
    ))
}

/// A rank: runs its device function of every entry; rank 0 writes the results to `dir`.
pub(super) fn worker(options: &RunOptions, dir: &Path, errors: &mut dyn Write) -> Exit {
    let marker = RankMarker::announce(dir);
    let Some(source) = read_source(&options.input, errors) else {
        return Exit::Failure;
    };
    let printer = Printer {
        sources: vec![(source.name.as_str(), source_text(&source))],
    };
    match run_rank(&source.name, &source.bytes, options, dir, marker.as_ref()) {
        Ok(()) => {
            if let Some(marker) = &marker {
                marker.phase("finished");
            }
            Exit::Success
        }
        Err(diags) => {
            for diag in &diags {
                printer.print(errors, diag);
            }
            Exit::Failure
        }
    }
}

fn run_rank(
    name: &str,
    bytes: &[u8],
    options: &RunOptions,
    dir: &Path,
    marker: Option<&RankMarker>,
) -> Result<(), Vec<Diag>> {
    let one = |message: String| vec![Diag::error(None, message)];
    let context = create_context(options.allow_unregistered_dialect);
    let session = Session::new(&context).map_err(|diag| vec![diag])?;
    let mut module = session.parse_verified(name, bytes)?;
    let entries = find_entries(&module)?;
    let ranks = entries.first().map_or(0, |e| e.devices);
    let count = DeviceCount::new(ranks as u64);
    let (Ok(count), false) = (count, entries.iter().any(|e| e.devices != ranks)) else {
        return Err(one(format!(
            "'{name}' needs device functions, the same number for every function"
        )));
    };
    fill_elided_weights(&module, options.seed);
    mark_c_interface(&module, &entries);
    session
        .run_pipeline(
            &mut module,
            &flexc_passes::pass_pipeline::mpi_lowering(count),
        )
        .map_err(|e| session.diagnosed(e))?;
    let library = load_mpi_library().map_err(one)?;
    let opt_level = options
        .opt_level
        .unwrap_or_else(|| super::auto_opt_level(&module));
    let engine = Engine::new(&context, &module, opt_level)
        .ok_or_else(|| session.diagnosed("cannot JIT-compile the lowered module".into()))?;
    for (lowered, real) in OPEN_MPI_OP_NAMES {
        let real = CString::new(real).expect("no NUL in a symbol name");
        let address = unsafe { dlsym(library, real.as_ptr()) };
        if !address.is_null() {
            engine.register_symbol(lowered, address);
        }
    }
    let init = engine.packed_plain("__flexc_mpi_init").map_err(one)?;
    let get_rank = engine.packed_plain("__flexc_mpi_rank").map_err(one)?;
    let finalize = engine.packed_plain("__flexc_mpi_finalize").map_err(one)?;
    let functions = (0..ranks)
        .map(|rank| {
            entries
                .iter()
                .map(|entry| {
                    engine.packed(&flexc_dialects::names::device_function(
                        &entry.name,
                        flexc_core::DeviceId::new(rank),
                    ))
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(one)?;
    // MPI calls stay on one thread (MPI_THREAD_SINGLE), the one with the large stack.
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(super::DEVICE_STACK)
            .spawn_scoped(scope, || -> Result<(), String> {
                init.invoke(&mut []);
                if let Some(marker) = marker {
                    marker.phase("initialized");
                }
                let mut rank: i32 = -1;
                get_rank.invoke(&mut [&mut rank as *mut i32 as *mut c_void]);
                let rank = usize::try_from(rank)
                    .ok()
                    .filter(|&r| r < ranks)
                    .ok_or_else(|| {
                        format!("MPI rank {rank} has no device function (the module has {ranks})")
                    })?;
                for (entry, function) in entries.iter().zip(&functions[rank]) {
                    let results = if rank == 0 { &entry.results[..] } else { &[] };
                    let inputs = inputs(entry, options)?;
                    let outputs = function.call(&entry.arguments, &inputs, results);
                    for (index, output) in outputs.iter().enumerate() {
                        let path = result_path(dir, &entry.name, index);
                        std::fs::write(&path, output)
                            .map_err(|e| format!("cannot write '{}': {e}", path.display()))?;
                    }
                }
                finalize.invoke(&mut []);
                Ok(())
            })
            .map_err(|e| format!("cannot start a thread: {e}"))?
            .join()
            .map_err(|_| "the device function crashed".to_string())?
    })
    .map_err(one)
}

/// The launcher's check of every entry: serial results here, device results from the ranks.
pub(super) fn check_entries(
    engine: &Engine,
    program: &str,
    entries: &[Entry],
    options: &RunOptions,
    ranks: DeviceCount,
    outcome: &mut super::Outcome,
) -> Result<(), String> {
    for entry in entries {
        if entry.devices != ranks.to_usize() {
            return Err(format!(
                "@{} has {} device functions; --mpi={ranks} starts {ranks} ranks",
                entry.name, entry.devices
            ));
        }
    }
    let scratch = Scratch::new()?;
    let actual = launch(program, entries, options, ranks, &scratch)?;
    for (entry, actual) in entries.iter().zip(actual) {
        check_entry_against(engine, entry, options, outcome, actual, None)?;
    }
    Ok(())
}
