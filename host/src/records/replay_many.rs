//! Many files replayed on several threads, their output written in the order the
//! files were given: what `tablectl replay --json` does with a corpus. Each worker
//! keeps its own [`Replayer`] and takes the files a chunk at a time; the worker that
//! finishes the chunk due next writes it, and every finished chunk after it.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

use super::replay::Replayer;

/// Files a worker takes at a time: enough that handing them over costs little
/// beside replaying them (some 15 µs a file), few enough that the output keeps
/// flowing in order.
pub const CHUNK_FILES: usize = 32;
/// Output bytes a file's lines are given room for: a hand's JSON line is about a
/// kilobyte.
const CHUNK_LINE_BYTES: usize = 1536;
/// Most worker threads, whatever the machine has.
pub const MAX_THREADS: usize = 8;

/// The output side of a run on several threads: the chunks finished out of turn,
/// and the writing of the ones due.
struct InOrder<W, E> {
    write: W,
    /// The next chunk to write.
    due: usize,
    /// Chunks finished before their turn: their output and whether they refused
    /// something.
    waiting: BTreeMap<usize, (Vec<u8>, bool)>,
    refused: bool,
    /// The first error of `write`: nothing is written after it.
    failed: Option<E>,
}

impl<W: FnMut(&[u8]) -> Result<(), E>, E> InOrder<W, E> {
    /// Chunk `i` is finished: it, and every chunk after it already finished, are
    /// written if it is due. Whether writing has failed.
    fn finished(&mut self, i: usize, out: Vec<u8>, refused: bool) -> bool {
        self.waiting.insert(i, (out, refused));
        while let Some((out, refused)) = self.waiting.remove(&self.due) {
            if self.failed.is_none() {
                self.failed = (self.write)(&out).err();
            }
            self.refused |= refused;
            self.due += 1;
        }
        self.failed.is_some()
    }
}

/// Runs `work` on every file (it writes the file's output into the buffer given and
/// returns whether something was refused), on up to `threads` threads (one when
/// there are too few files to share), and passes each file's output to `write` in
/// the order of `files`. Returns whether any file had something refused, or the
/// first error of `write` (then the rest is not written).
///
/// On several threads there is no writing thread: the worker that finishes the
/// chunk due writes it, so no thread is woken per chunk only to write (a run of
/// thousands of files on two cores switched threads some two hundred times).
pub fn each_file_in_order<E: Send>(
    files: &[String],
    threads: usize,
    work: impl Fn(&mut Replayer, &str, &mut Vec<u8>) -> bool + Sync,
    mut write: impl FnMut(&[u8]) -> Result<(), E> + Send,
) -> Result<bool, E> {
    let chunks = files.len().div_ceil(CHUNK_FILES);
    let threads = threads.clamp(1, MAX_THREADS).min(chunks);
    if threads <= 1 {
        let mut replayer = Replayer::default();
        let mut out = Vec::new();
        let mut refused = false;
        for file in files {
            out.clear();
            refused |= work(&mut replayer, file, &mut out);
            write(&out)?;
        }
        return Ok(refused);
    }
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let output = Mutex::new(InOrder {
        write,
        due: 0,
        waiting: BTreeMap::new(),
        refused: false,
        failed: None,
    });
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (next, stop, output, work) = (&next, &stop, &output, &work);
            scope.spawn(move || {
                let mut replayer = Replayer::default();
                // Writing failed: nothing more to do.
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(chunk) = files.chunks(CHUNK_FILES).nth(i) else {
                        return;
                    };
                    // Room for a chunk's lines (a hand's is about a kilobyte): no
                    // growing, and copying, as they are written.
                    let mut out = Vec::with_capacity(chunk.len() * CHUNK_LINE_BYTES);
                    let mut refused = false;
                    for file in chunk {
                        refused |= work(&mut replayer, file, &mut out);
                    }
                    // A worker that panicked holding the lock left the output as it
                    // was between two chunks: go on with it.
                    let failed = output
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .finished(i, out, refused);
                    if failed {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let output = output.into_inner().unwrap_or_else(PoisonError::into_inner);
    match output.failed {
        Some(e) => Err(e),
        None => Ok(output.refused),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in for a replay: the file's name and its length, one line.
    fn fake(_: &mut Replayer, file: &str, out: &mut Vec<u8>) -> bool {
        out.extend_from_slice(format!("{file} {}\n", file.len()).as_bytes());
        file.ends_with('7')
    }

    #[test]
    fn the_output_is_in_the_order_of_the_files_on_any_number_of_threads() {
        let files: Vec<String> = (0..1000).map(|i| format!("f{i}")).collect();
        let want: String = files.iter().map(|f| format!("{f} {}\n", f.len())).collect();
        for threads in [0, 1, 2, 3, 8, 100] {
            let mut got = Vec::new();
            let refused = each_file_in_order(&files, threads, fake, |b: &[u8]| {
                got.extend_from_slice(b);
                Ok::<(), ()>(())
            });
            assert_eq!(refused, Ok(true), "{threads} threads");
            assert_eq!(String::from_utf8(got).unwrap(), want, "{threads} threads");
        }
        let none: [String; 0] = [];
        assert_eq!(
            each_file_in_order(&none, 2, fake, |_| Ok::<(), ()>(())),
            Ok(false)
        );
    }

    #[test]
    fn a_write_error_stops_the_run() {
        let files: Vec<String> = (0..500).map(|i| format!("f{i}")).collect();
        let mut writes = 0;
        let r = each_file_in_order(&files, 2, fake, |_| {
            writes += 1;
            if writes == 3 {
                Err("disk full")
            } else {
                Ok(())
            }
        });
        assert_eq!(r, Err("disk full"));
        assert_eq!(writes, 3);
    }
}
