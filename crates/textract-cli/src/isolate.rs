//! Extraction in worker processes, so that a file which hangs the
//! extractor or kills its process (an abort, a stack overflow, the OOM
//! killer) costs that file and not the run (`textract --isolate`).
//!
//! The parent starts workers (the same binary in a hidden worker mode) and
//! talks to each over its standard input and output in frames: an 8-byte
//! little-endian length, then that many bytes. One request, one response,
//! then the next request. What a request and a response hold is the
//! caller's business; this module moves frames, keeps the wall-clock limit
//! per request ([`Worker::call`]), kills and reaps a worker that runs past
//! it or dies ([`Lost`]), and runs many workers over a list of inputs
//! ([`process`]).

use std::io::{self, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::inputs::Input;
use crate::run::{InOrder, window};

/// The largest frame either side accepts (1 GiB): a length past it means
/// the stream is out of step, not a document.
pub const MAX_FRAME: u64 = 1 << 30;

/// Writes one frame: the length of `payload` (8 bytes, little-endian), then
/// `payload`; flushes.
pub fn write_frame(w: &mut impl Write, payload: &[u8]) -> io::Result<()> {
    w.write_all(&(payload.len() as u64).to_le_bytes())?;
    w.write_all(payload)?;
    w.flush()
}

/// Reads one frame; `None` at the end of the stream before a frame starts.
/// A frame cut short or longer than [`MAX_FRAME`] is an error.
pub fn read_frame(r: &mut impl Read) -> io::Result<Option<Vec<u8>>> {
    let mut len = [0u8; 8];
    let mut got = 0;
    while got < len.len() {
        match r.read(&mut len[got..]) {
            Ok(0) if got == 0 => return Ok(None),
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let len = u64::from_le_bytes(len);
    if len > MAX_FRAME {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("frame of {len} bytes exceeds the limit of {MAX_FRAME}"),
        ));
    }
    let mut payload = Vec::new();
    r.take(len).read_to_end(&mut payload)?;
    if payload.len() as u64 != len {
        return Err(io::ErrorKind::UnexpectedEof.into());
    }
    Ok(Some(payload))
}

/// Why a request got no response; the worker is gone either way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lost {
    /// It ran past the wall-clock limit and was killed.
    Timeout(Duration),
    /// It died (or closed its output) before answering: how, for a person.
    Died(String),
}

impl Lost {
    /// `timeout` or `crash`: the `error.kind` of the file it was working on.
    pub fn kind(&self) -> &'static str {
        match self {
            Lost::Timeout(_) => "timeout",
            Lost::Died(_) => "crash",
        }
    }
}

impl std::fmt::Display for Lost {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Lost::Timeout(d) => write!(f, "timeout after {} s", d.as_secs_f64()),
            Lost::Died(how) => write!(f, "worker died: {how}"),
        }
    }
}

/// How a process ended, for a person: `signal 9 (SIGKILL)`, `exit status 3`.
pub fn describe_exit(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            let name = match sig {
                1 => " (SIGHUP)",
                2 => " (SIGINT)",
                3 => " (SIGQUIT)",
                4 => " (SIGILL)",
                6 => " (SIGABRT)",
                7 => " (SIGBUS)",
                8 => " (SIGFPE)",
                9 => " (SIGKILL)",
                11 => " (SIGSEGV)",
                13 => " (SIGPIPE)",
                15 => " (SIGTERM)",
                24 => " (SIGXCPU)",
                25 => " (SIGXFSZ)",
                _ => "",
            };
            return format!("signal {sig}{name}");
        }
    }
    match status.code() {
        Some(code) => format!("exit status {code}"),
        None => status.to_string(),
    }
}

/// One worker process and the thread that reads its responses (so that a
/// response can be waited for with a time limit).
pub struct Worker {
    child: Child,
    stdin: Option<ChildStdin>,
    responses: Receiver<io::Result<Vec<u8>>>,
    reader: Option<JoinHandle<()>>,
}

impl Worker {
    /// Starts `command` with piped standard input and output (its standard
    /// error is inherited).
    pub fn spawn(command: &mut Command) -> io::Result<Worker> {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdin = child.stdin.take();
        let Some(mut stdout) = child.stdout.take() else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(io::Error::other("worker has no standard output"));
        };
        let (tx, responses) = mpsc::channel();
        let reader = std::thread::Builder::new()
            .name("textract-worker-reader".into())
            .spawn(move || {
                loop {
                    let frame = match read_frame(&mut stdout) {
                        Ok(Some(frame)) => Ok(frame),
                        Ok(None) => Err(io::ErrorKind::UnexpectedEof.into()),
                        Err(e) => Err(e),
                    };
                    let end = frame.is_err();
                    if tx.send(frame).is_err() || end {
                        return;
                    }
                }
            });
        let reader = match reader {
            Ok(r) => r,
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(e);
            }
        };
        Ok(Worker {
            child,
            stdin,
            responses,
            reader: Some(reader),
        })
    }

    /// The worker's process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Sends `request` and waits at most `limit` (`None`: no limit) for the
    /// response. On [`Lost`] the worker has been killed and reaped: drop it
    /// and start another.
    pub fn call(&mut self, request: &[u8], limit: Option<Duration>) -> Result<Vec<u8>, Lost> {
        let sent = match self.stdin.as_mut() {
            Some(stdin) => write_frame(stdin, request),
            None => Err(io::ErrorKind::BrokenPipe.into()),
        };
        if sent.is_err() {
            // It died before reading the request: wait for how.
            return Err(self.reap(None));
        }
        let response = match limit {
            Some(limit) => self.responses.recv_timeout(limit),
            None => self
                .responses
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
        };
        match response {
            Ok(Ok(frame)) => Ok(frame),
            Ok(Err(e)) if e.kind() != io::ErrorKind::UnexpectedEof => Err(self.reap(Some(e))),
            Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => Err(self.reap(None)),
            Err(RecvTimeoutError::Timeout) => {
                self.kill();
                Err(Lost::Timeout(limit.unwrap_or_default()))
            }
        }
    }

    /// No answer came (its output closed, or was `unreadable`): a process
    /// that ended is reaped and its exit told; one still running a second
    /// later is killed.
    fn reap(&mut self, unreadable: Option<io::Error>) -> Lost {
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_secs(1);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) if unreadable.is_none() => {
                    return Lost::Died(describe_exit(status));
                }
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => break,
            }
        }
        self.kill();
        Lost::Died(match unreadable {
            Some(e) => format!("its answer was unreadable ({e})"),
            None => "it closed its output".into(),
        })
    }

    fn kill(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        // An idle worker exits when its input closes; one still busy (the
        // run stopped early) is killed.
        self.stdin = None;
        match self.child.try_wait() {
            Ok(Some(_)) => {}
            _ => {
                let deadline = Instant::now() + Duration::from_millis(200);
                while Instant::now() < deadline {
                    if let Ok(Some(_)) = self.child.try_wait() {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
            }
        }
        self.kill();
    }
}

/// Runs `work` over `inputs` on `jobs` threads, each with its own `state`
/// made by `init` (a worker process, started lazily by `work`), and hands
/// each result with its input's index to `emit`: in input order when
/// `ordered`, else as they come.
/// As [`crate::run::process`], at most [`window`]`(jobs)` inputs are in
/// flight or waiting; `emit` returns false to stop early (inputs in flight
/// finish first).
pub fn process<S, R: Send>(
    inputs: &[Input],
    jobs: usize,
    ordered: bool,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &Input) -> R + Sync,
    mut emit: impl FnMut(usize, &Input, R) -> bool,
) {
    let jobs = jobs.clamp(1, inputs.len().max(1));
    let window = window(jobs);
    let (job_tx, job_rx) = mpsc::channel::<usize>();
    let job_rx = Mutex::new(job_rx);
    let (result_tx, result_rx) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            let result_tx = result_tx.clone();
            let (job_rx, init, work) = (&job_rx, &init, &work);
            scope.spawn(move || {
                let mut state = init();
                loop {
                    let job = match job_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => return,
                    };
                    let Ok(index) = job else {
                        return;
                    };
                    let Some(input) = inputs.get(index) else {
                        return;
                    };
                    if result_tx.send((index, work(&mut state, input))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(result_tx);
        let mut submitted = 0;
        let mut done = 0;
        let mut order = InOrder::default();
        while done < inputs.len() {
            let base = if ordered { order.next() } else { done };
            while submitted < inputs.len() && submitted < base + window {
                if job_tx.send(submitted).is_err() {
                    return;
                }
                submitted += 1;
            }
            let Ok((index, result)) = result_rx.recv() else {
                return;
            };
            done += 1;
            let go = if ordered {
                order.push(index, result, |i, r| emit(i, &inputs[i], r))
            } else {
                emit(index, &inputs[index], result)
            };
            if !go {
                break;
            }
        }
        // Closing the queue ends the threads once their current input is done.
        drop(job_tx);
    });
}

/// In a worker: exits the process when the parent that started it is gone
/// (killed, even with SIGKILL), so that a worker stuck in a file does not
/// outlive its run. Checks four times a second; Unix only.
pub fn exit_with_parent() {
    #[cfg(unix)]
    {
        let parent = std::os::unix::process::parent_id();
        let _ = std::thread::Builder::new()
            .name("textract-parent-watch".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(Duration::from_millis(250));
                    if std::os::unix::process::parent_id() != parent {
                        std::process::exit(3);
                    }
                }
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip_and_refuse_bad_lengths() {
        let mut buf = Vec::new();
        write_frame(&mut buf, b"hello").unwrap();
        write_frame(&mut buf, b"").unwrap();
        let mut r = &buf[..];
        assert_eq!(read_frame(&mut r).unwrap().unwrap(), b"hello");
        assert_eq!(read_frame(&mut r).unwrap().unwrap(), b"");
        assert!(read_frame(&mut r).unwrap().is_none());
        // Cut inside the length, inside the payload, and a huge length.
        assert!(read_frame(&mut &buf[..3]).is_err());
        assert!(read_frame(&mut &buf[..10]).is_err());
        let huge = (MAX_FRAME + 1).to_le_bytes();
        assert_eq!(
            read_frame(&mut &huge[..]).unwrap_err().kind(),
            io::ErrorKind::InvalidData
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_worker_that_answers_hangs_or_dies() {
        // `cat` echoes each frame back: a worker that answers.
        let mut cat = Worker::spawn(&mut Command::new("cat")).unwrap();
        let limit = Some(Duration::from_secs(10));
        assert_eq!(cat.call(b"ping", limit).unwrap(), b"ping");
        assert_eq!(cat.call(b"pong", limit).unwrap(), b"pong");
        // `sleep` never answers: killed at the limit.
        let mut sleep = Worker::spawn(Command::new("sleep").arg("30")).unwrap();
        let started = std::time::Instant::now();
        let lost = sleep
            .call(b"x", Some(Duration::from_millis(200)))
            .unwrap_err();
        assert_eq!(lost, Lost::Timeout(Duration::from_millis(200)));
        assert_eq!(lost.to_string(), "timeout after 0.2 s");
        assert!(started.elapsed() < Duration::from_secs(10));
        // A shell that kills itself: died, with the signal.
        let mut dies = Worker::spawn(Command::new("sh").args(["-c", "kill -9 $$"])).unwrap();
        let lost = dies.call(b"x", limit).unwrap_err();
        assert_eq!(lost.to_string(), "worker died: signal 9 (SIGKILL)");
        assert_eq!(lost.kind(), "crash");
        let mut exits = Worker::spawn(Command::new("sh").args(["-c", "exit 7"])).unwrap();
        let lost = exits.call(b"x", limit).unwrap_err();
        assert_eq!(lost.to_string(), "worker died: exit status 7");
        // One that answers out of step, and stays: killed, and said so.
        let garbage = r"printf '\377\377\377\377\377\377\377\377'; sleep 30";
        let mut garbled = Worker::spawn(Command::new("sh").args(["-c", garbage])).unwrap();
        let lost = garbled.call(b"x", limit).unwrap_err();
        assert!(
            lost.to_string()
                .starts_with("worker died: its answer was unreadable (frame of"),
            "{lost}"
        );
    }

    #[test]
    fn process_hands_back_every_input_in_order_or_as_done() {
        let inputs: Vec<Input> = (0..200)
            .map(|i| Input::File(format!("{i}").into()))
            .collect();
        for ordered in [true, false] {
            let mut seen = Vec::new();
            process(
                &inputs,
                3,
                ordered,
                || 0usize,
                |count, input| {
                    *count += 1;
                    let n: usize = input.path().to_str().unwrap().parse().unwrap();
                    if n.is_multiple_of(7) {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    n
                },
                |i, _, n| {
                    assert_eq!(i, n);
                    seen.push(n);
                    true
                },
            );
            if ordered {
                assert_eq!(seen, (0..200).collect::<Vec<_>>());
            } else {
                seen.sort_unstable();
                assert_eq!(seen, (0..200).collect::<Vec<_>>());
            }
        }
        // Stopping early: no more results after emit says stop.
        let mut seen = 0;
        process(
            &inputs,
            2,
            true,
            || (),
            |_, _| (),
            |_, _, _| {
                seen += 1;
                seen < 5
            },
        );
        assert_eq!(seen, 5);
    }
}
