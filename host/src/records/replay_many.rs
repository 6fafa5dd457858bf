//! Many files replayed on several threads, their output written in the order the
//! files were given: what `tablectl replay --json` does with a corpus. Each worker
//! keeps its own [`Replayer`] and takes the files a chunk at a time; the calling
//! thread writes each chunk's output once every chunk before it is written.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

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

/// Runs `work` on every file (it writes the file's output into the buffer given and
/// returns whether something was refused), on up to `threads` threads (one when
/// there are too few files to share), and passes each file's output to `write` in
/// the order of `files`. Returns whether any file had something refused, or the
/// first error of `write` (then the rest is not written).
pub fn each_file_in_order<E>(
    files: &[String],
    threads: usize,
    work: impl Fn(&mut Replayer, &str, &mut Vec<u8>) -> bool + Sync,
    mut write: impl FnMut(&[u8]) -> Result<(), E>,
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
    std::thread::scope(|scope| {
        let (done, results) = mpsc::sync_channel::<(usize, Vec<u8>, bool)>(2 * threads);
        for _ in 0..threads {
            let (done, next, work) = (done.clone(), &next, &work);
            scope.spawn(move || {
                let mut replayer = Replayer::default();
                loop {
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
                    // The writer gone (it stopped on an error): nothing more to do.
                    if done.send((i, out, refused)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(done);
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        let mut refused = false;
        for (i, out, r) in results {
            waiting.insert(i, (out, r));
            while let Some((out, r)) = waiting.remove(&due) {
                write(&out)?;
                refused |= r;
                due += 1;
            }
        }
        Ok(refused)
    })
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
