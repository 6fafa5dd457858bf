//! Logging every frame, like smoltcp's `Tracer`.

use super::{Outgoing, Reader};
use crate::link::describe;
use firmware::shoe::{ShoeFrame, ShoeMessage};
use firmware::time::Instant;
use std::fmt::Write as _;

/// A reader that logs (at `debug` level, target `shoe::trace`) every frame it is
/// given and every frame it sends, with its bytes and what it parses as, before
/// passing it on. Put it outermost (`Traced<Faulty<SimShoe>>`) to log the line as the
/// controller sees it, faults included.
#[derive(Debug)]
pub struct Traced<R> {
    inner: R,
    frames: u64,
}

impl<R> Traced<R> {
    /// Traces `inner`.
    pub const fn new(inner: R) -> Traced<R> {
        Traced { inner, frames: 0 }
    }

    /// Frames traced so far, both ways.
    pub const fn frames(&self) -> u64 {
        self.frames
    }

    /// The wrapped reader.
    pub fn inner(&self) -> &R {
        &self.inner
    }
}

/// One line for a frame: hex bytes and its meaning (or why it is not a frame).
pub fn frame_line(bytes: &[u8]) -> String {
    let mut s = String::new();
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            s.push(' ');
        }
        let _ = write!(s, "{b:02X}");
    }
    let meaning = match ShoeFrame::new_checked(bytes).and_then(|f| ShoeMessage::parse(&f)) {
        Ok(m) => describe(&m),
        Err(e) => format!("not a frame: {e:?}"),
    };
    let _ = write!(s, "  ({meaning})");
    s
}

impl<R: Reader> Reader for Traced<R> {
    fn command(&mut self, now: Instant, frame: &[u8], out: &mut Vec<Outgoing>) {
        self.frames += 1;
        let ms = now.total_millis();
        log::debug!(target: "shoe::trace", "{ms} ms controller -> shoe: {}", frame_line(frame));
        let first = out.len();
        self.inner.command(now, frame, out);
        for o in out.iter().skip(first) {
            self.frames += 1;
            log::debug!(
                target: "shoe::trace",
                "{ms} ms shoe -> controller (+{} ms): {}",
                o.delay.as_millis(),
                frame_line(&o.bytes)
            );
        }
    }
}
