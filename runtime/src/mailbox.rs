//! The device programs' communication matching: core's [`flexc_core::mailbox`], shared with
//! `flexc-run`'s CPU runtime (here with device staging buffers as payloads).

pub use flexc_core::mailbox::*;
