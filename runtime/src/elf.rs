//! The artifact file checked before anything of it runs: `dlopen` maps the file and runs its
//! constructors (which load the PTX), so a truncated file died with SIGBUS and a foreign one ran its
//! code before "not a flexc-gpu artifact". [`check`] reads the file as data instead (the `object`
//! crate's ELF reader) and refuses it, naming the problem, unless
//!
//! - it is a 64-bit little-endian x86-64 ELF shared object whose every segment and section lies
//!   inside the file (a cut file is "truncated", not a SIGBUS);
//! - it exports `flexc_gpu_manifest` (a NUL-terminated string in a section with data) and
//!   `flexc_gpu_manifest_digest`, the manifest's digest (`flexc_core::contract::digest`): a
//!   manifest changed after compilation does not match;
//! - the manifest is valid ([`crate::manifest`], core's `contract/manifest.rs`: format, version, an
//!   architecture flexc compiles for, programs named and entered by the compiler's convention,
//!   shapes);
//! - every program's entry is a function the artifact defines and exports;
//! - every kernel the manifest lists is an `.entry` of the PTX in the file (of its module's
//!   `<module>_binary` string when the symbol table is there), and every PTX module targets the
//!   manifest's architecture;
//! - every runtime function it imports (`mgpu*`, `flexc_gpu_*`, `_mlir_ciface_flexc_gpu_*`) and every
//!   library call of the manifest is one of this runtime's entry points (`abi::exported_symbols`).
//!
//! An artifact is native code: these checks catch mistakes (a truncated copy, a file of another
//! compiler version, a hand-edited manifest), not an attacker; artifacts must come from a trusted
//! compiler (README).

use crate::manifest::Manifest;
use object::{
    elf,
    read::elf::{FileHeader, ProgramHeader, SectionHeader, Sym},
    Endianness,
};
use std::collections::BTreeMap;

type Header = elf::FileHeader64<Endianness>;

/// A symbol of the dynamic symbol table.
struct Symbol {
    defined: bool,
    weak: bool,
    kind: elf::SymbolType,
    value: u64,
    size: u64,
    /// The section index (`None`: undefined, absolute, common).
    section: Option<u16>,
}

/// Checks the bytes of an artifact (module doc) against this runtime's entry points `exports`;
/// returns its manifest. The error says what is wrong, without the file name.
pub fn check(data: &[u8], exports: &[String]) -> Result<Manifest, String> {
    if !data.starts_with(&elf::ELFMAG) {
        return Err("not an ELF file (an artifact is an x86-64 shared object written by flexc --target=cuda)".into());
    }
    let header = Header::parse(data).map_err(|e| format!("not a 64-bit ELF file: {e}"))?;
    let endian = header
        .endian()
        .map_err(|e| format!("unreadable ELF header: {e}"))?;
    if header.e_machine(endian) != elf::EM_X86_64 || header.e_type(endian) != elf::ET_DYN {
        return Err(format!(
            "an ELF file of machine {} and type {}, not an x86-64 shared object",
            header.e_machine(endian),
            header.e_type(endian)
        ));
    }
    let length = data.len() as u64;
    let truncated = |what: String, end: Option<u64>| {
        match end {
        Some(end) => format!(
            "truncated or damaged: {what} ends at byte {end}, past the end of the file ({length} bytes)"
        ),
        None => format!(
            "truncated or damaged: {what} lies outside the file ({length} bytes)"
        ),
    }
    };
    let segments = header
        .program_headers(endian, data)
        .map_err(|_| truncated("the program header table".into(), None))?;
    let mut loadable = 0;
    for (i, segment) in segments.iter().enumerate() {
        let end = segment
            .p_offset(endian)
            .checked_add(segment.p_filesz(endian));
        if end.is_none_or(|end| end > length) {
            return Err(truncated(format!("segment {i}"), end));
        }
        loadable += usize::from(segment.p_type(endian) == elf::PT_LOAD);
    }
    if loadable == 0 {
        return Err("a shared object without loadable segments".into());
    }
    let sections = header
        .sections(endian, data)
        .map_err(|_| truncated("the section header table".into(), None))?;
    for (i, section) in sections.iter().enumerate() {
        if section.sh_type(endian) == elf::SHT_NOBITS {
            continue;
        }
        let end = section
            .sh_offset(endian)
            .checked_add(section.sh_size(endian));
        if end.is_none_or(|end| end > length) {
            return Err(truncated(format!("section {i}"), end));
        }
    }
    let symbols_of = |kind: elf::SectionType| -> Result<BTreeMap<String, Symbol>, String> {
        let table = sections
            .symbols(endian, data, kind)
            .map_err(|e| format!("unreadable symbol table: {e}"))?;
        let mut symbols = BTreeMap::new();
        for symbol in table.iter() {
            let Ok(name) = table.symbol_name(endian, symbol) else {
                continue;
            };
            let name = String::from_utf8_lossy(name).into_owned();
            if name.is_empty() {
                continue;
            }
            let index = symbol.st_shndx(endian);
            symbols.insert(
                name,
                Symbol {
                    defined: index != elf::SHN_UNDEF,
                    weak: symbol.st_bind() == elf::STB_WEAK,
                    kind: symbol.st_type(),
                    value: symbol.st_value(endian),
                    size: symbol.st_size(endian),
                    section: index.index(),
                },
            );
        }
        Ok(symbols)
    };
    let dynamic = symbols_of(elf::SHT_DYNSYM)?;
    let static_symbols = symbols_of(elf::SHT_SYMTAB)?;
    // The bytes of a defined data symbol, from its section's file contents.
    let bytes_of = |name: &str| -> Result<&[u8], String> {
        let symbol = dynamic
            .get(name)
            .or_else(|| static_symbols.get(name))
            .filter(|s| s.defined && s.kind == elf::STT_OBJECT)
            .ok_or_else(|| format!("no exported '{name}' object: not a flexc-gpu artifact"))?;
        let section = symbol
            .section
            .and_then(|index| {
                sections
                    .section(object::SectionIndex(usize::from(index)))
                    .ok()
            })
            .ok_or_else(|| format!("'{name}' lies in no section"))?;
        let contents = section
            .data(endian, data)
            .map_err(|_| format!("'{name}' lies in a section without data"))?;
        let start = symbol
            .value
            .checked_sub(section.sh_addr(endian))
            .and_then(|offset| usize::try_from(offset).ok())
            .filter(|&offset| offset <= contents.len())
            .ok_or_else(|| format!("'{name}' lies outside its section"))?;
        let end = start.saturating_add(usize::try_from(symbol.size).unwrap_or(usize::MAX));
        if end > contents.len() {
            return Err(format!("'{name}' ends outside its section"));
        }
        Ok(&contents[start..end])
    };
    let manifest_bytes = bytes_of(flexc_core::contract::MANIFEST_SYMBOL)?;
    let text = manifest_bytes
        .split(|&b| b == 0)
        .next()
        .filter(|_| manifest_bytes.contains(&0))
        .ok_or("the manifest is not NUL-terminated")?;
    let digest = bytes_of(flexc_core::contract::DIGEST_SYMBOL)?;
    let digest = <[u8; 8]>::try_from(digest)
        .map(u64::from_le_bytes)
        .map_err(|_| "the manifest digest is not 8 bytes".to_string())?;
    if digest != flexc_core::contract::digest(text) {
        return Err(
            "the manifest does not match its digest: it was changed after compilation (compile the model again)"
                .into(),
        );
    }
    let text = std::str::from_utf8(text).map_err(|_| "the manifest is not UTF-8".to_string())?;
    let manifest = Manifest::parse(text)?;
    for program in &manifest.programs {
        let function = dynamic
            .get(&program.entry)
            .is_some_and(|s| s.defined && s.kind == elf::STT_FUNC);
        if !function {
            return Err(format!(
                "program '{}': no exported function '{}'",
                program.name, program.entry
            ));
        }
    }
    let runtime: std::collections::BTreeSet<&str> = exports.iter().map(String::as_str).collect();
    let unknown: Vec<&str> = dynamic
        .iter()
        .filter(|(name, s)| {
            !s.defined
                && !s.weak
                && ["mgpu", "flexc_gpu_", "_mlir_ciface_flexc_gpu_"]
                    .iter()
                    .any(|prefix| name.starts_with(prefix))
                && !runtime.contains(name.as_str())
        })
        .map(|(name, _)| name.as_str())
        .collect();
    if !unknown.is_empty() {
        return Err(format!(
            "the artifact calls runtime functions this flexc-gpu does not provide: {} (rebuild one of them)",
            unknown.join(", ")
        ));
    }
    for (i, call) in manifest.library.iter().enumerate() {
        let ciface = format!("_mlir_ciface_{}", call.entry);
        if !runtime.contains(call.entry.as_str()) || !runtime.contains(ciface.as_str()) {
            return Err(format!(
                "library[{i}]: '{}' is not a library entry of this flexc-gpu",
                call.entry
            ));
        }
        if dynamic.get(&ciface).is_none_or(|s| s.defined) {
            return Err(format!(
                "library[{i}]: the artifact does not call '{}'",
                call.entry
            ));
        }
    }
    check_kernels(&manifest, &static_symbols, &bytes_of, || {
        sections
            .iter()
            .filter(|s| s.sh_type(endian) == elf::SHT_PROGBITS)
            .filter_map(|s| s.data(endian, data).ok())
            .collect()
    })?;
    Ok(manifest)
}

/// Every kernel of the manifest is an `.entry` of its module's PTX, and every PTX module targets
/// the manifest's architecture.
fn check_kernels<'d>(
    manifest: &Manifest,
    static_symbols: &BTreeMap<String, Symbol>,
    bytes_of: &dyn Fn(&str) -> Result<&'d [u8], String>,
    all_data: impl FnOnce() -> Vec<&'d [u8]>,
) -> Result<(), String> {
    let target = format!(".target {}", manifest.arch);
    let targets_ok = |ptx: &[u8]| {
        let text = String::from_utf8_lossy(ptx);
        text.lines()
            .filter(|line| line.starts_with(".target "))
            .all(|line| line.split([',', ' ']).nth(1) == target.split(' ').nth(1))
    };
    let has_entry = |ptx: &[u8], function: &str| {
        let needle = format!(".entry {function}(");
        ptx.windows(needle.len()).any(|w| w == needle.as_bytes())
    };
    let mut everything: Option<Vec<&[u8]>> = None;
    let mut all_data = Some(all_data);
    for (i, kernel) in manifest.kernels.iter().enumerate() {
        let (module, function) = kernel.name.split_once('.').ok_or_else(|| {
            format!(
                "kernels[{i}]: name '{}' is not <module>.<function>",
                kernel.name
            )
        })?;
        let binary = format!("{module}_binary");
        if static_symbols.contains_key(&binary) {
            let ptx = bytes_of(&binary)?;
            if !has_entry(ptx, function) {
                return Err(format!(
                    "kernels[{i}]: module '{module}' has no kernel '{function}'"
                ));
            }
            if !targets_ok(ptx) {
                return Err(format!(
                    "kernels[{i}]: module '{module}' is not PTX for {}",
                    manifest.arch
                ));
            }
        } else {
            // A stripped artifact: the kernel must be somewhere in the file's PTX.
            let data = everything.get_or_insert_with(|| (all_data.take().expect("once"))());
            if !data.iter().any(|d| has_entry(d, function)) {
                return Err(format!(
                    "kernels[{i}]: no kernel '{function}' in the artifact's PTX"
                ));
            }
            if !data.iter().all(|d| targets_ok(d)) {
                return Err(format!("the artifact's PTX is not for {}", manifest.arch));
            }
        }
    }
    Ok(())
}
