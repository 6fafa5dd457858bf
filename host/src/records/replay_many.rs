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
/// Bytes of files a worker reads before it parses them: the files of a chunk are
/// read together, then replayed together, so the kernel's reading and our parsing
/// each keep their own code and data in the caches (measured on 2,000 files: a
/// tenth less time in the kernel, 2% less in all). A bound, not a chunk: a chunk of
/// large `.phhs` files is read a few at a time.
pub const READ_AHEAD_BYTES: usize = 64 * 1024;

/// A worker's batch of files read ahead ([`ReadAhead::each`]): their texts, in
/// buffers kept from batch to batch (no allocation per file), and whether each was
/// read.
#[derive(Default)]
struct ReadAhead {
    texts: Vec<String>,
    read: Vec<std::io::Result<()>>,
}

impl ReadAhead {
    /// Reads the files of `chunk` a batch at a time (at most [`READ_AHEAD_BYTES`],
    /// one file at least) and hands each to `each` with its text or the error
    /// reading it, in order.
    fn each(&mut self, chunk: &[String], mut each: impl FnMut(&str, std::io::Result<&str>)) {
        let mut rest = chunk;
        while !rest.is_empty() {
            self.read.clear();
            let mut bytes = 0;
            for file in rest {
                let i = self.read.len();
                if i > 0 && bytes >= READ_AHEAD_BYTES {
                    break;
                }
                if i == self.texts.len() {
                    self.texts.push(String::new());
                }
                let Some(text) = self.texts.get_mut(i) else {
                    break;
                };
                let read = crate::records::phh::read_text_into(std::path::Path::new(file), text);
                bytes += text.len();
                self.read.push(read);
            }
            let (batch, after) = rest.split_at(self.read.len());
            for ((file, read), text) in batch.iter().zip(self.read.drain(..)).zip(&mut self.texts) {
                each(file, read.map(|()| text.as_str()));
                // A large file's buffer is not kept: a worker keeps at most a batch.
                if text.capacity() > READ_AHEAD_BYTES {
                    *text = String::new();
                }
            }
            rest = after;
        }
    }
}

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
    work: impl Fn(&mut Replayer, &str, std::io::Result<&str>, &mut Vec<u8>) -> bool + Sync,
    mut write: impl FnMut(&[u8]) -> Result<(), E> + Send,
) -> Result<bool, E> {
    let chunks = files.len().div_ceil(CHUNK_FILES);
    let threads = threads.clamp(1, MAX_THREADS).min(chunks);
    if threads <= 1 {
        let mut replayer = Replayer::default();
        let mut out = Vec::new();
        let mut ahead = ReadAhead::default();
        let mut refused = false;
        for chunk in files.chunks(CHUNK_FILES) {
            let mut failed = None;
            ahead.each(chunk, |file, text| {
                if failed.is_some() {
                    return;
                }
                out.clear();
                refused |= work(&mut replayer, file, text, &mut out);
                failed = write(&out).err();
            });
            if let Some(e) = failed {
                return Err(e);
            }
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
    let worker = || {
        let mut replayer = Replayer::default();
        let mut ahead = ReadAhead::default();
        // Writing failed: nothing more to do.
        while !stop.load(Ordering::Relaxed) {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(chunk) = files.chunks(CHUNK_FILES).nth(i) else {
                return;
            };
            // Room for a chunk's lines (a hand's is about a kilobyte): no growing,
            // and copying, as they are written.
            let mut out = Vec::with_capacity(chunk.len() * CHUNK_LINE_BYTES);
            let mut refused = false;
            ahead.each(chunk, |file, text| {
                refused |= work(&mut replayer, file, text, &mut out);
            });
            // A worker that panicked holding the lock left the output as it was
            // between two chunks: go on with it.
            let failed = output
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .finished(i, out, refused);
            if failed {
                stop.store(true, Ordering::Relaxed);
            }
        }
    };
    // This thread only waits: as one of the workers it was measured slower (the
    // threads it starts wait for a core while it works).
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(worker);
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
    fn fake(_: &mut Replayer, file: &str, _: std::io::Result<&str>, out: &mut Vec<u8>) -> bool {
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
    fn each_file_is_handed_its_own_text_however_the_reads_are_batched() {
        // Files small and large (a chunk's reading split into several batches), one
        // missing and one a folder: each file's work gets its text or its own error.
        let dir = tempfile::tempdir().unwrap();
        let mut files = Vec::new();
        for i in 0..100 {
            let path = dir.path().join(format!("{i:03}.phh"));
            let size = if i % 7 == 3 {
                READ_AHEAD_BYTES / 2 + i
            } else {
                i
            };
            std::fs::write(&path, format!("{i:03}").repeat(size / 3 + 1)).unwrap();
            files.push(path.display().to_string());
        }
        files.insert(40, dir.path().join("missing.phh").display().to_string());
        files.insert(70, dir.path().display().to_string());
        let work =
            |_: &mut Replayer, file: &str, text: std::io::Result<&str>, out: &mut Vec<u8>| {
                let name = std::path::Path::new(file)
                    .file_name()
                    .unwrap()
                    .to_string_lossy();
                let said = match text {
                    Ok(t) if t.starts_with(name.get(..3).unwrap_or("?")) => format!("{}", t.len()),
                    Ok(_) => "someone else's text".to_string(),
                    Err(_) => "error".to_string(),
                };
                out.extend_from_slice(format!("{name} {said}\n").as_bytes());
                false
            };
        let mut lines = Vec::new();
        for threads in [1, 2, 3] {
            let mut got = Vec::new();
            let refused = each_file_in_order(&files, threads, work, |b: &[u8]| {
                got.extend_from_slice(b);
                Ok::<(), ()>(())
            });
            assert_eq!(refused, Ok(false));
            lines.push(String::from_utf8(got).unwrap());
        }
        let want: Vec<String> = files
            .iter()
            .map(|f| {
                let name = std::path::Path::new(f)
                    .file_name()
                    .unwrap()
                    .to_string_lossy();
                match std::fs::read_to_string(f) {
                    Ok(t) => format!("{name} {}", t.len()),
                    Err(_) => format!("{name} error"),
                }
            })
            .collect();
        for got in lines {
            assert_eq!(got.lines().collect::<Vec<_>>(), want);
        }
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
