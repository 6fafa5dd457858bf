//! Logging shim: `trace!`..`error!` route to `defmt`, to `log`, or to nothing.
//!
//! Declared first in `lib.rs` so every module can use the macros. The engine never
//! needs a logger to be correct; traces are for engineers on the bench.
#![allow(unused_macros)]

#[cfg(all(feature = "defmt", feature = "log"))]
compile_error!("features `log` and `defmt` are mutually exclusive: enable at most one");

macro_rules! trace {
    ($($arg:tt)*) => {{
        #[cfg(feature = "log")]
        ::log::trace!($($arg)*);
        #[cfg(feature = "defmt")]
        ::defmt::trace!($($arg)*);
        #[cfg(not(any(feature = "log", feature = "defmt")))]
        { let _ = || ($($arg)*); }
    }};
}

macro_rules! debug {
    ($($arg:tt)*) => {{
        #[cfg(feature = "log")]
        ::log::debug!($($arg)*);
        #[cfg(feature = "defmt")]
        ::defmt::debug!($($arg)*);
        #[cfg(not(any(feature = "log", feature = "defmt")))]
        { let _ = || ($($arg)*); }
    }};
}

macro_rules! warn {
    ($($arg:tt)*) => {{
        #[cfg(feature = "log")]
        ::log::warn!($($arg)*);
        #[cfg(feature = "defmt")]
        ::defmt::warn!($($arg)*);
        #[cfg(not(any(feature = "log", feature = "defmt")))]
        { let _ = || ($($arg)*); }
    }};
}
