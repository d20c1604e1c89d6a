//! Writing output files without harming what a path points to: every file `flexc`, `flexc-run` and
//! `flexc-gpu` write goes through [`write_all`] (or [`write`]), and their scratch folders through
//! [`ScratchDir`].
//!
//! What a target gets:
//! - a regular file, or a path where nothing exists yet, is **replaced atomically**: the bytes go to an
//!   unnamed temporary file in the target's folder (`O_TMPFILE`, created with mode 0600; a named
//!   `.NAME.flexc-tmp-…` file, also 0600, where the file system lacks unnamed files), which gets the
//!   old file's mode and owner (the owner where the process may set it; a new file gets
//!   `0666 & !umask`), is synced, named and renamed over the target. Readers see the old contents or the
//!   new, never a part; a process killed while writing (even by SIGKILL) leaves no unnamed file behind;
//! - a regular file with several hard links is rewritten in place, so that every name still shares
//!   the new contents (a rename would detach this name from the others);
//! - a character device (`/dev/null`, a terminal), a FIFO or a socket is opened and written directly,
//!   never replaced; `-` is standard output; a directory or a block device is an error;
//! - a symbolic link is followed: its final target is written as above (a dangling link creates it).
//!
//! [`write_all`] is all or nothing: every target is checked and every temporary file written before
//! the first target changes, so a failure (a missing folder, a full disk) changes none of them.
//! [`check_distinct`] rejects, before any work, outputs that are the same file as an input or as each
//! other (the callers report it as a usage error).
//!
//! Named temporary files and scratch folders are registered while they exist and removed when SIGINT,
//! SIGTERM or SIGHUP ends the process (a thread of `signal-hook` does it, then the signal's default
//! action ends the process as it would have); child processes registered with [`ChildGuard`] get a
//! SIGTERM then.

use std::{
    fs::{File, OpenOptions},
    io::{self, Write},
    os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt, PermissionsExt},
    path::{Path, PathBuf},
    sync::{
        atomic::{AtomicU64, Ordering},
        Mutex, Once,
    },
};

/// Where the bytes of one output go (see the module doc).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    /// `-`.
    Stdout,
    /// A device, FIFO or socket: opened for writing, never created or replaced.
    Direct(PathBuf),
    /// A regular file with other hard links: truncated and rewritten.
    InPlace(PathBuf),
    /// A regular file (or nothing yet) at `path`, symbolic links resolved: replaced through a
    /// temporary file in `path`'s folder, taking `existing`'s mode and owner.
    Replace {
        path: PathBuf,
        existing: Option<(u32, u32, u32)>,
    },
}

/// Symbolic links followed at most (as the kernel's `ELOOP` limit).
const MAX_LINKS: usize = 40;

/// The final target of `path`: symbolic links followed, also when the last one dangles.
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = std::fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            Ok(_) => return Ok(current),
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(current),
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// The folder a new file at `path` goes into (`.` for a bare name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

impl Target {
    fn resolve(path: &str) -> Result<Target, String> {
        if path == "-" {
            return Ok(Target::Stdout);
        }
        let cannot = |why: String| format!("cannot write output file '{path}': {why}");
        if path.is_empty() {
            return Err(cannot("empty path".into()));
        }
        // The kernel follows the links (`/dev/stdout` → `/proc/self/fd/1` → a pipe included).
        match std::fs::metadata(path) {
            Ok(meta) => {
                let kind = meta.file_type();
                if kind.is_dir() {
                    Err(cannot("it is a directory".into()))
                } else if kind.is_block_device() {
                    Err(cannot("it is a block device".into()))
                } else if kind.is_file() {
                    let resolved =
                        std::fs::canonicalize(path).map_err(|e| cannot(e.to_string()))?;
                    Ok(if meta.nlink() > 1 {
                        Target::InPlace(resolved)
                    } else {
                        Target::Replace {
                            path: resolved,
                            existing: Some((meta.mode() & 0o777, meta.uid(), meta.gid())),
                        }
                    })
                } else {
                    Ok(Target::Direct(PathBuf::from(path)))
                }
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                // Nothing there, or a dangling link: the file is created where the links end.
                let resolved = resolve_links(Path::new(path)).map_err(|e| cannot(e.to_string()))?;
                let folder = folder_of(&resolved);
                if resolved.file_name().is_none() {
                    return Err(cannot("not a file name".into()));
                }
                match std::fs::metadata(folder) {
                    Ok(meta) if meta.is_dir() => Ok(Target::Replace {
                        path: resolved,
                        existing: None,
                    }),
                    Ok(_) => Err(cannot(format!("'{}' is not a directory", folder.display()))),
                    Err(e) => Err(cannot(format!("folder '{}': {e}", folder.display()))),
                }
            }
            Err(e) => Err(cannot(e.to_string())),
        }
    }
}

/// The process's umask (`/proc/self/status`; 022 where it cannot be read).
fn umask() -> u32 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("Umask:"))?;
            u32::from_str_radix(line["Umask:".len()..].trim(), 8).ok()
        })
        .unwrap_or(0o022)
}

/// The bytes of a [`Target::Replace`] in a temporary file of the target's folder, not yet named
/// (`O_TMPFILE`) or named and registered for removal on signals.
struct Staged {
    file: File,
    named: Option<tempfile::TempPath>,
    _registered: Option<PathGuard>,
    existing: Option<(u32, u32, u32)>,
}

/// Whether [`stage`] may use `O_TMPFILE` (the unit tests switch it off to test the named path).
static UNNAMED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

fn stage(path: &Path, existing: Option<(u32, u32, u32)>, bytes: &[u8]) -> io::Result<Staged> {
    let folder = folder_of(path);
    let unnamed = if UNNAMED.load(Ordering::Relaxed) {
        OpenOptions::new()
            .write(true)
            .mode(0o600)
            .custom_flags(rustix::fs::OFlags::TMPFILE.bits() as i32)
            .open(folder)
            .ok()
    } else {
        None
    };
    let mut staged = match unnamed {
        Some(file) => Staged {
            file,
            named: None,
            _registered: None,
            existing,
        },
        None => {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            let temporary = tempfile::Builder::new()
                .prefix(&format!(".{name}."))
                .suffix(".flexc-tmp")
                .permissions(std::fs::Permissions::from_mode(0o600))
                .tempfile_in(folder)?;
            let registered = PathGuard::new(temporary.path().to_path_buf(), false);
            let (file, named) = temporary.into_parts();
            Staged {
                file,
                named: Some(named),
                _registered: Some(registered),
                existing,
            }
        }
    };
    staged.file.write_all(bytes)?;
    let mode = match existing {
        Some((mode, uid, gid)) => {
            let own = staged.file.metadata()?;
            let owned = (own.uid(), own.gid()) == (uid, gid)
                || std::os::unix::fs::fchown(&staged.file, Some(uid), Some(gid)).is_ok();
            // Someone else's file that cannot be given back to them stays private to this user's
            // group at most.
            if owned {
                mode
            } else {
                mode & 0o770
            }
        }
        None => 0o666 & !umask(),
    };
    staged
        .file
        .set_permissions(std::fs::Permissions::from_mode(mode))?;
    staged.file.sync_all()?;
    Ok(staged)
}

impl Staged {
    /// Names the file `target` (atomically replacing what was there).
    fn commit(self, target: &Path, bytes: &[u8]) -> io::Result<()> {
        if let Some(named) = self.named {
            return named.persist(target).map_err(|e| e.error);
        }
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let name = target.file_name().unwrap_or_default().to_string_lossy();
        let temporary = folder_of(target).join(format!(
            ".{name}.flexc-tmp-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let _registered = PathGuard::new(temporary.clone(), false);
        use std::os::fd::AsRawFd;
        let linked = rustix::fs::linkat(
            rustix::fs::CWD,
            format!("/proc/self/fd/{}", self.file.as_raw_fd()),
            rustix::fs::CWD,
            &temporary,
            rustix::fs::AtFlags::SYMLINK_FOLLOW,
        );
        if linked.is_err() {
            // No /proc: write a named temporary file instead.
            UNNAMED.store(false, Ordering::Relaxed);
            return stage(target, self.existing, bytes)?.commit(target, bytes);
        }
        let renamed = std::fs::rename(&temporary, target);
        if renamed.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        renamed
    }
}

fn write_direct(path: &Path, bytes: &[u8], truncate: bool) -> io::Result<()> {
    let mut file = OpenOptions::new()
        .write(true)
        .truncate(truncate)
        .open(path)?;
    file.write_all(bytes)?;
    file.flush()
}

/// Writes one output (see [`write_all`]).
pub fn write(path: &str, bytes: &[u8]) -> Result<(), String> {
    write_all(&[(path, bytes)])
}

/// Writes every `(path, bytes)`, all or nothing (module doc). The error names the path.
pub fn write_all(outputs: &[(&str, &[u8])]) -> Result<(), String> {
    let targets = outputs
        .iter()
        .map(|(path, _)| Target::resolve(path))
        .collect::<Result<Vec<_>, _>>()?;
    let cannot = |path: &str, e: io::Error| format!("cannot write output file '{path}': {e}");
    let mut staged = Vec::with_capacity(targets.len());
    for (target, (path, bytes)) in targets.iter().zip(outputs) {
        staged.push(match target {
            Target::Replace {
                path: target,
                existing,
            } => Some(stage(target, *existing, bytes).map_err(|e| cannot(path, e))?),
            _ => None,
        });
    }
    for ((target, (path, bytes)), staged) in targets.iter().zip(outputs).zip(staged) {
        match (target, staged) {
            (Target::Stdout, _) => {
                let mut stdout = io::stdout().lock();
                stdout
                    .write_all(bytes)
                    .and_then(|()| stdout.flush())
                    .map_err(|e| format!("cannot write standard output: {e}"))?;
            }
            (Target::Direct(target), _) => {
                write_direct(target, bytes, false).map_err(|e| cannot(path, e))?
            }
            (Target::InPlace(target), _) => {
                write_direct(target, bytes, true).map_err(|e| cannot(path, e))?
            }
            (Target::Replace { path: target, .. }, Some(staged)) => {
                staged.commit(target, bytes).map_err(|e| cannot(path, e))?
            }
            (Target::Replace { .. }, None) => unreachable!("every replaced target was staged"),
        }
    }
    Ok(())
}

/// What a path names, for [`check_distinct`].
#[derive(Clone, Debug, PartialEq, Eq)]
enum Identity {
    Stdout,
    /// An existing regular file: device and inode.
    File(u64, u64),
    /// A file that does not exist yet: its folder (canonical) and name.
    New(PathBuf),
}

fn identity(path: &str, output: bool) -> Option<Identity> {
    if path == "-" {
        return output.then_some(Identity::Stdout);
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => Some(Identity::File(meta.dev(), meta.ino())),
        Ok(_) => None,
        Err(_) if output => {
            let resolved = resolve_links(Path::new(path)).ok()?;
            let folder = std::fs::canonicalize(folder_of(&resolved)).ok()?;
            Some(Identity::New(folder.join(resolved.file_name()?)))
        }
        Err(_) => None,
    }
}

/// `Err` (a usage message) when an output is the same file as an input, or two outputs are the same
/// file or both standard output. Each path comes with the option that names it (`-o`, `--report`);
/// devices, FIFOs and standard input never conflict (`-o /dev/null --trace=/dev/null` is fine).
pub fn check_distinct(outputs: &[(&str, &str)], inputs: &[(&str, &str)]) -> Result<(), String> {
    let mut seen: Vec<(&str, &str, Identity)> = Vec::new();
    for &(flag, path) in outputs {
        let Some(id) = identity(path, true) else {
            continue;
        };
        if let Some((other_flag, other_path, _)) = seen.iter().find(|(_, _, s)| *s == id) {
            return Err(if id == Identity::Stdout {
                format!("{other_flag} and {flag} both write standard output")
            } else {
                format!("{other_flag} '{other_path}' and {flag} '{path}' are the same file")
            });
        }
        if let Some((input_flag, input_path)) = inputs
            .iter()
            .find(|(_, input)| identity(input, false).is_some_and(|i| i == id))
        {
            return Err(format!(
                "{flag} '{path}' is the same file as {input_flag} '{input_path}', which it would overwrite"
            ));
        }
        seen.push((flag, path, id));
    }
    Ok(())
}

/// What the signal thread removes or stops.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Entry {
    File(PathBuf),
    Folder(PathBuf),
    Child(u32),
}

static REGISTERED: Mutex<Vec<(u64, Entry)>> = Mutex::new(Vec::new());
static NEXT: AtomicU64 = AtomicU64::new(0);
static INSTALL: Once = Once::new();

/// Starts the thread that cleans up on SIGINT, SIGTERM and SIGHUP (once per process).
fn install() {
    INSTALL.call_once(|| {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        let _ = std::thread::Builder::new()
            .name("flexc-cleanup".into())
            .spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    clean_up();
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
    });
}

/// Removes every registered path and stops every registered child (the signal thread's work).
fn clean_up() {
    let entries = std::mem::take(&mut *REGISTERED.lock().unwrap_or_else(|e| e.into_inner()));
    for (_, entry) in entries {
        match entry {
            Entry::File(path) => {
                let _ = std::fs::remove_file(path);
            }
            Entry::Folder(path) => {
                let _ = std::fs::remove_dir_all(path);
            }
            Entry::Child(pid) => {
                if let Some(pid) = rustix::process::Pid::from_raw(pid as i32) {
                    let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
                }
            }
        }
    }
}

fn register(entry: Entry) -> u64 {
    install();
    let id = NEXT.fetch_add(1, Ordering::Relaxed);
    REGISTERED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((id, entry));
    id
}

fn unregister(id: u64) {
    REGISTERED
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .retain(|(i, _)| *i != id);
}

/// A path removed if a signal ends the process while the guard lives.
struct PathGuard(u64);

impl PathGuard {
    fn new(path: PathBuf, folder: bool) -> PathGuard {
        PathGuard(register(if folder {
            Entry::Folder(path)
        } else {
            Entry::File(path)
        }))
    }
}

impl Drop for PathGuard {
    fn drop(&mut self) {
        unregister(self.0);
    }
}

/// A child process sent SIGTERM if a signal ends this process while the guard lives (an `mpirun`
/// that would otherwise outlive its launcher).
pub struct ChildGuard(u64);

impl ChildGuard {
    pub fn new(pid: u32) -> ChildGuard {
        ChildGuard(register(Entry::Child(pid)))
    }
}

impl Drop for ChildGuard {
    fn drop(&mut self) {
        unregister(self.0);
    }
}

/// A private folder in the system's temporary directory (`$TMPDIR`), mode 0700, removed when
/// dropped and when a signal ends the process.
pub struct ScratchDir {
    _guard: PathGuard,
    dir: tempfile::TempDir,
}

impl ScratchDir {
    /// A new folder named `PREFIX-…`.
    pub fn new(prefix: &str) -> io::Result<ScratchDir> {
        let dir = tempfile::Builder::new()
            .prefix(&format!("{prefix}-"))
            .permissions(std::fs::Permissions::from_mode(0o700))
            .tempdir()?;
        Ok(ScratchDir {
            _guard: PathGuard::new(dir.path().to_path_buf(), true),
            dir,
        })
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn scratch() -> ScratchDir {
        ScratchDir::new("flexc-output-test").unwrap()
    }

    fn text(path: &Path) -> String {
        std::fs::read_to_string(path).unwrap()
    }

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().mode() & 0o7777
    }

    /// Names in `dir` (temporary files left behind show up here).
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_regular_file_is_replaced_keeping_its_mode() {
        let dir = scratch();
        let file = dir.path().join("out.mlir");
        std::fs::write(&file, "old").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
        let before = std::fs::metadata(&file).unwrap().ino();
        write(file.to_str().unwrap(), b"new").unwrap();
        assert_eq!(text(&file), "new");
        assert_eq!(mode(&file), 0o600);
        // Replaced, not rewritten: readers holding the old file keep the old contents.
        assert_ne!(std::fs::metadata(&file).unwrap().ino(), before);
        assert_eq!(names(dir.path()), ["out.mlir"]);
    }

    #[test]
    fn a_new_file_gets_the_umask_mode() {
        let dir = scratch();
        let file = dir.path().join("new.json");
        write(file.to_str().unwrap(), b"{}").unwrap();
        assert_eq!(mode(&file), 0o666 & !umask());
        assert_eq!(names(dir.path()), ["new.json"]);
    }

    #[test]
    fn the_named_fallback_leaves_nothing_behind() {
        let dir = scratch();
        let file = dir.path().join("out.txt");
        std::fs::write(&file, "old").unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
        let meta = std::fs::metadata(&file).unwrap();
        let staged = {
            UNNAMED.store(false, Ordering::Relaxed);
            let staged = stage(&file, Some((0o640, meta.uid(), meta.gid())), b"new");
            UNNAMED.store(true, Ordering::Relaxed);
            staged.unwrap()
        };
        // While staged, the named temporary file is private.
        let temporaries: Vec<String> = names(dir.path())
            .into_iter()
            .filter(|n| n.ends_with(".flexc-tmp"))
            .collect();
        assert_eq!(temporaries.len(), 1, "{temporaries:?}");
        assert!(temporaries[0].starts_with(".out.txt."));
        staged.commit(&file, b"new").unwrap();
        assert_eq!(text(&file), "new");
        assert_eq!(mode(&file), 0o640);
        assert_eq!(names(dir.path()), ["out.txt"]);
    }

    #[test]
    fn symbolic_links_are_written_through() {
        let dir = scratch();
        let real = dir.path().join("real.mlir");
        std::fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.mlir");
        symlink("real.mlir", &link).unwrap();
        write(link.to_str().unwrap(), b"new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(text(&real), "new");
        // A dangling link creates its target.
        let dangling = dir.path().join("dangling");
        symlink("created.txt", &dangling).unwrap();
        write(dangling.to_str().unwrap(), b"x").unwrap();
        assert_eq!(text(&dir.path().join("created.txt")), "x");
        assert!(std::fs::symlink_metadata(&dangling)
            .unwrap()
            .file_type()
            .is_symlink());
    }

    #[test]
    fn hard_links_keep_sharing_the_contents() {
        let dir = scratch();
        let a = dir.path().join("a");
        let b = dir.path().join("b");
        std::fs::write(&a, "old").unwrap();
        std::fs::hard_link(&a, &b).unwrap();
        write(a.to_str().unwrap(), b"new").unwrap();
        assert_eq!(text(&b), "new");
    }

    /// A character device that discards what is written: `/dev/null`, unless something on this
    /// machine already replaced it (tools/test's last step reports that), then `/dev/zero`.
    fn sink() -> &'static str {
        ["/dev/null", "/dev/zero"]
            .into_iter()
            .find(|d| std::fs::metadata(d).is_ok_and(|m| m.file_type().is_char_device()))
            .expect("a character device to write to")
    }

    #[test]
    fn devices_and_fifos_are_written_not_replaced() {
        write(sink(), b"discarded").unwrap();
        assert!(std::fs::metadata(sink())
            .unwrap()
            .file_type()
            .is_char_device());
        let dir = scratch();
        let fifo = dir.path().join("fifo");
        rustix::fs::mknodat(
            rustix::fs::CWD,
            &fifo,
            rustix::fs::FileType::Fifo,
            rustix::fs::Mode::from_raw_mode(0o600),
            0,
        )
        .unwrap();
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
        };
        write(fifo.to_str().unwrap(), b"through the fifo").unwrap();
        assert_eq!(reader.join().unwrap(), "through the fifo");
        assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }

    #[test]
    fn nothing_is_written_unless_every_target_can_be() {
        let dir = scratch();
        let first = dir.path().join("first");
        std::fs::write(&first, "old").unwrap();
        let missing = dir.path().join("no-such-folder").join("second");
        let error = write_all(&[
            (first.to_str().unwrap(), b"new"),
            (missing.to_str().unwrap(), b"new"),
        ])
        .unwrap_err();
        assert!(error.contains("no-such-folder"), "{error}");
        assert_eq!(text(&first), "old");
        assert_eq!(names(dir.path()), ["first"]);
        let error = write(dir.path().to_str().unwrap(), b"x").unwrap_err();
        assert!(error.ends_with("it is a directory"), "{error}");
    }

    #[test]
    fn outputs_must_differ_from_inputs_and_from_each_other() {
        let dir = scratch();
        let model = dir.path().join("model.mlir");
        std::fs::write(&model, "m").unwrap();
        let model = model.to_str().unwrap();
        let link = dir.path().join("link.mlir");
        symlink(model, &link).unwrap();
        let new = dir.path().join("new.json");
        let new = new.to_str().unwrap();
        let error = check_distinct(&[("--report", model)], &[("the input", model)]).unwrap_err();
        assert!(error.contains("same file as the input"), "{error}");
        assert!(
            check_distinct(&[("-o", link.to_str().unwrap())], &[("the input", model)]).is_err()
        );
        let error = check_distinct(&[("-o", new), ("--trace", new)], &[]).unwrap_err();
        assert!(error.contains("are the same file"), "{error}");
        let error = check_distinct(&[("-o", "-"), ("--report", "-")], &[]).unwrap_err();
        assert_eq!(error, "-o and --report both write standard output");
        let same_new = format!("{}/./new.json", dir.path().display());
        assert!(check_distinct(&[("-o", new), ("--trace", &same_new)], &[]).is_err());
        check_distinct(
            &[("-o", sink()), ("--trace", sink()), ("--report", new)],
            &[("the input", "-"), ("--strategy", model)],
        )
        .unwrap();
    }

    /// In a child process (this test binary run again with `FLEXC_OUTPUT_SIGNAL_CHILD` set): a
    /// scratch folder and a registered file exist, their paths are announced, and the process waits
    /// for its signal.
    #[test]
    fn signal_child() {
        let Some(announce) = std::env::var_os("FLEXC_OUTPUT_SIGNAL_CHILD") else {
            return;
        };
        let dir = ScratchDir::new("flexc-signal-child").unwrap();
        let temporary = dir.path().with_extension("flexc-tmp");
        std::fs::write(&temporary, "partial").unwrap();
        let _guard = PathGuard::new(temporary.clone(), false);
        let text = format!("{}\n{}\n", dir.path().display(), temporary.display());
        std::fs::write(&announce, text).unwrap();
        std::thread::sleep(std::time::Duration::from_secs(60));
        panic!("no signal came");
    }

    #[test]
    fn a_signal_removes_temporary_files_and_scratch_folders() {
        use std::os::unix::process::ExitStatusExt;
        let dir = scratch();
        let announce = dir.path().join("paths");
        for signal in [rustix::process::Signal::TERM, rustix::process::Signal::INT] {
            let _ = std::fs::remove_file(&announce);
            let mut child = std::process::Command::new(std::env::current_exe().unwrap())
                .args(["--exact", "output::tests::signal_child", "--nocapture"])
                .env("FLEXC_OUTPUT_SIGNAL_CHILD", &announce)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap();
            let paths = loop {
                match std::fs::read_to_string(&announce) {
                    Ok(text) if text.ends_with('\n') && text.lines().count() == 2 => break text,
                    _ => std::thread::sleep(std::time::Duration::from_millis(10)),
                }
            };
            let paths: Vec<&Path> = paths.lines().map(Path::new).collect();
            assert!(paths.iter().all(|p| p.exists()));
            let pid = rustix::process::Pid::from_raw(child.id() as i32).unwrap();
            rustix::process::kill_process(pid, signal).unwrap();
            let status = child.wait().unwrap();
            assert_eq!(status.signal(), Some(signal.as_raw()), "{status:?}");
            for path in paths {
                assert!(!path.exists(), "{} left behind", path.display());
            }
        }
    }

    #[test]
    fn scratch_folders_are_private_and_removed() {
        let path = {
            let dir = scratch();
            assert_eq!(mode(dir.path()), 0o700);
            std::fs::write(dir.path().join("x"), "x").unwrap();
            dir.path().to_path_buf()
        };
        assert!(!path.exists());
        assert!(REGISTERED
            .lock()
            .unwrap()
            .iter()
            .all(|(_, e)| *e != Entry::Folder(path.clone())));
    }
}
