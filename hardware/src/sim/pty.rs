//! The reader on the far end of a real pseudo-terminal.

use super::{FrameSplitter, Outgoing, Reader};
use crate::link::monotonic;
use serialport::SerialPort;
use std::io::{self, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// A simulated shoe on a pseudo-terminal: a thread reads the controller's commands on
/// the master side and writes the reader's answers back, frame by frame, sleeping for
/// the reader's delays. The controller opens the other side by its path
/// ([`PtyShoe::path`], e.g. `/dev/pts/3`) with `serialport`, exactly as it opens
/// `/dev/table-shoe` at a real table, or takes it already open ([`PtyShoe::take_port`]).
///
/// Dropping it (or [`PtyShoe::stop`]) stops the thread.
#[derive(Debug)]
pub struct PtyShoe<R: Reader + Send + 'static> {
    path: String,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<R>>,
    port: Option<serialport::TTYPort>,
}

impl<R: Reader + Send + 'static> PtyShoe<R> {
    /// Opens a pseudo-terminal pair and starts `reader` on its master side.
    pub fn spawn(reader: R) -> io::Result<PtyShoe<R>> {
        let (mut master, slave) = serialport::TTYPort::pair().map_err(io::Error::from)?;
        let path = slave.name().ok_or_else(|| {
            io::Error::new(io::ErrorKind::NotFound, "the pseudo-terminal has no name")
        })?;
        master
            .set_timeout(Duration::from_millis(10))
            .map_err(io::Error::from)?;
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let thread = std::thread::Builder::new()
            .name("sim-shoe".into())
            .spawn(move || serve(master, reader, &flag))?;
        log::info!("sim shoe: listening on {path}");
        Ok(PtyShoe {
            path,
            stop,
            thread: Some(thread),
            port: Some(slave),
        })
    }

    /// The controller's side of the pseudo-terminal, to open as a serial port.
    pub fn path(&self) -> &str {
        &self.path
    }

    /// The controller's side, already open (once; afterwards `None`). Until it is
    /// taken, the shoe keeps it open so the pseudo-terminal stays up.
    pub fn take_port(&mut self) -> Option<serialport::TTYPort> {
        self.port.take()
    }

    /// Stops the thread and gives the reader back.
    pub fn stop(mut self) -> Option<R> {
        self.halt()
    }

    fn halt(&mut self) -> Option<R> {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.take().and_then(|t| t.join().ok())
    }
}

impl<R: Reader + Send + 'static> Drop for PtyShoe<R> {
    fn drop(&mut self) {
        let _ = self.halt();
    }
}

fn serve<R: Reader>(mut master: serialport::TTYPort, mut reader: R, stop: &AtomicBool) -> R {
    let mut splitter = FrameSplitter::new();
    let mut buf = [0u8; 512];
    let mut out: Vec<Outgoing> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        let n = match master.read(&mut buf) {
            Ok(n) => n,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::TimedOut
                        | io::ErrorKind::WouldBlock
                        | io::ErrorKind::Interrupted
                ) =>
            {
                0
            }
            Err(e) => {
                // The controller's side is closed for now (EIO on Linux): wait.
                log::trace!("sim shoe: {e}");
                std::thread::sleep(Duration::from_millis(5));
                0
            }
        };
        if n == 0 {
            continue;
        }
        for frame in splitter.push(buf.get(..n).unwrap_or(&[])) {
            out.clear();
            reader.command(monotonic(), &frame, &mut out);
            for o in &out {
                if !o.delay.is_zero() {
                    std::thread::sleep(o.delay);
                }
                if let Err(e) = master.write_all(&o.bytes) {
                    log::warn!("sim shoe: write failed: {e}");
                }
            }
        }
    }
    reader
}
