//! Cached response bodies sent without copying them into the socket (issue 21).
//!
//! A catalogue page is 40 KB of JSON served tens of thousands of times a second from the
//! response cache. Written with `writev`, the kernel copies those 40 KB into socket buffers
//! on every response (`_copy_from_iter` was 18 % of the catalogue's CPU); nginx serving the
//! same bytes with `sendfile` hands the socket references to page-cache pages instead.
//!
//! Here a cached body large enough to be worth it is also written once into a sealed memfd
//! (an anonymous in-memory file) when it is made. The body itself stays an ordinary heap
//! `Bytes` that travels through axum, tower and hyper unchanged; the heap buffer's address
//! range is registered together with its memfd for as long as the buffer lives. The
//! connection's IO ([`ZeroCopyStream`]) looks at each slice hyper asks it to write: a slice
//! that lies inside a registered buffer is sent with `sendfile(memfd, offset)` from the
//! same place in the file, anything else is written as usual. The headers in front of such
//! a body go out with `MSG_MORE`, so they share the body's first packet.
//!
//! Why this is sound: the memfd holds a byte-for-byte copy of the buffer and is sealed
//! against writes, and the buffer's memory is never written after it is made (`Bytes` is
//! immutable). The registration lives inside the buffer's owner and is removed when the
//! last `Bytes` pointing into it drops, before its memory is freed, so an address found in
//! the registry always belongs to the live buffer it was registered for. A slice hyper
//! passes borrows from a `Bytes` hyper holds, so the buffer outlives the write.
//!
//! Bounds: at most `MAX_MIRRORS` bodies are mirrored at once (each holds one file
//! descriptor and a second copy of its bytes); beyond that, or when memfd is unavailable, a
//! body is an ordinary `Bytes` and is written with `writev` like everything else.

use std::collections::BTreeMap;
use std::io::{IoSlice, Write};
use std::os::fd::OwnedFd;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};
use std::task::{ready, Context, Poll};

use bytes::Bytes;
use rustix::fs::{MemfdFlags, SealFlags};
use rustix::net::{SendAncillaryBuffer, SendFlags};
use tokio::io::{AsyncRead, AsyncWrite, Interest, ReadBuf};
use tokio::net::TcpStream;

/// Bodies smaller than this are copied as usual: below ~16 KB the extra system call for the
/// headers costs about what the copy saves (measured in bench/README.md, 2026-11-24).
pub const MIN_MIRRORED: usize = 16 * 1024;
/// At most this many bodies have a memfd at once (the catalogue cache keeps up to 512
/// entries; only the large ones are mirrored, and the file descriptors stay few).
const MAX_MIRRORS: usize = 64;

static MIRRORS: AtomicUsize = AtomicUsize::new(0);
/// Bytes sent by sendfile since start (the tests show the path is taken with it).
static SENT: AtomicUsize = AtomicUsize::new(0);

/// Bytes sent by sendfile since the process started.
pub fn sent_by_sendfile() -> usize {
    SENT.load(Ordering::Relaxed)
}

/// A registered buffer: its length and the memfd holding the same bytes.
struct Region {
    len: usize,
    file: Arc<OwnedFd>,
}

/// Registered buffers by start address.
fn regions() -> &'static RwLock<BTreeMap<usize, Region>> {
    static REGIONS: std::sync::OnceLock<RwLock<BTreeMap<usize, Region>>> =
        std::sync::OnceLock::new();
    REGIONS.get_or_init(|| RwLock::new(BTreeMap::new()))
}

/// The owner of a mirrored body: the heap bytes and their registration.
struct Mirrored {
    bytes: Box<[u8]>,
}

impl AsRef<[u8]> for Mirrored {
    fn as_ref(&self) -> &[u8] {
        &self.bytes
    }
}

impl Drop for Mirrored {
    fn drop(&mut self) {
        let start = self.bytes.as_ptr() as usize;
        regions()
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&start);
        MIRRORS.fetch_sub(1, Ordering::AcqRel);
    }
}

/// `body` as `Bytes`, mirrored into a memfd when it is large enough and the mirror budget
/// allows; otherwise the plain bytes.
pub fn body(body: Vec<u8>) -> Bytes {
    if body.len() < MIN_MIRRORED {
        return Bytes::from(body);
    }
    if MIRRORS.fetch_add(1, Ordering::AcqRel) >= MAX_MIRRORS {
        MIRRORS.fetch_sub(1, Ordering::AcqRel);
        return Bytes::from(body);
    }
    let file = match mirror_file(&body) {
        Ok(file) => Arc::new(file),
        Err(err) => {
            MIRRORS.fetch_sub(1, Ordering::AcqRel);
            tracing::debug!(error = %err, "no memfd for a cached body; it is copied instead");
            return Bytes::from(body);
        }
    };
    let bytes = body.into_boxed_slice();
    let (start, len) = (bytes.as_ptr() as usize, bytes.len());
    // The box's heap buffer does not move when the box does; from here on `Mirrored`'s
    // drop removes the registration (and gives the budget back).
    let owner = Mirrored { bytes };
    regions()
        .write()
        .unwrap_or_else(|e| e.into_inner())
        .insert(start, Region { len, file });
    Bytes::from_owner(owner)
}

/// Whether every mirror allowed is in use (the cache then drops its expired entries).
pub fn budget_spent() -> bool {
    MIRRORS.load(Ordering::Acquire) >= MAX_MIRRORS
}

/// A sealed memfd holding `bytes`.
fn mirror_file(bytes: &[u8]) -> std::io::Result<OwnedFd> {
    let fd = rustix::fs::memfd_create(
        "hariyali-body",
        MemfdFlags::CLOEXEC | MemfdFlags::ALLOW_SEALING,
    )?;
    let mut file = std::fs::File::from(fd);
    file.write_all(bytes)?;
    let fd = OwnedFd::from(file);
    rustix::fs::fcntl_add_seals(
        &fd,
        SealFlags::WRITE | SealFlags::SHRINK | SealFlags::GROW | SealFlags::SEAL,
    )?;
    Ok(fd)
}

/// The memfd and offset holding `slice`, when it lies inside a registered buffer.
fn find(slice: &[u8]) -> Option<(Arc<OwnedFd>, u64)> {
    let at = slice.as_ptr() as usize;
    let regions = regions().read().unwrap_or_else(|e| e.into_inner());
    let (&start, region) = regions.range(..=at).next_back()?;
    let offset = at - start;
    (offset + slice.len() <= region.len).then(|| (region.file.clone(), offset as u64))
}

/// Number of registered buffers (for tests).
pub fn mirrored_now() -> usize {
    regions().read().unwrap_or_else(|e| e.into_inner()).len()
}

/// A TCP connection whose vectored writes send registered bodies with `sendfile`.
pub struct ZeroCopyStream {
    stream: TcpStream,
}

impl ZeroCopyStream {
    pub fn new(stream: TcpStream) -> Self {
        ZeroCopyStream { stream }
    }

    /// Runs `op` once the socket is writable, until it does not report `WouldBlock`
    /// (tokio then waits for the next writable event).
    fn poll_write_with(
        &self,
        cx: &mut Context<'_>,
        mut op: impl FnMut(&TcpStream) -> rustix::io::Result<usize>,
    ) -> Poll<std::io::Result<usize>> {
        loop {
            ready!(self.stream.poll_write_ready(cx))?;
            match self
                .stream
                .try_io(Interest::WRITABLE, || op(&self.stream).map_err(Into::into))
            {
                Err(err) if err.kind() == std::io::ErrorKind::WouldBlock => continue,
                done => return Poll::Ready(done),
            }
        }
    }
}

impl AsyncRead for ZeroCopyStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for ZeroCopyStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        self.poll_write_vectored(cx, &[IoSlice::new(buf)])
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        // The first slice that is a registered body splits the write: what comes before it
        // goes out first (marked as having more to follow), the body itself by sendfile.
        // Each call writes one of the two; hyper calls again for the rest.
        let hit = bufs
            .iter()
            .enumerate()
            .filter(|(_, slice)| slice.len() >= MIN_MIRRORED)
            .find_map(|(i, slice)| find(slice).map(|found| (i, found)));
        match hit {
            None => Pin::new(&mut this.stream).poll_write_vectored(cx, bufs),
            Some((0, (file, offset))) => {
                let count = bufs[0].len();
                let sent = ready!(this.poll_write_with(cx, |stream| {
                    let mut at = offset;
                    rustix::fs::sendfile(stream, &*file, Some(&mut at), count)
                }))?;
                SENT.fetch_add(sent, Ordering::Relaxed);
                Poll::Ready(Ok(sent))
            }
            Some((before, _)) => {
                let head = &bufs[..before];
                this.poll_write_with(cx, |stream| {
                    rustix::net::sendmsg(
                        stream,
                        head,
                        &mut SendAncillaryBuffer::default(),
                        SendFlags::MORE | SendFlags::NOSIGNAL,
                    )
                })
            }
        }
    }

    fn is_write_vectored(&self) -> bool {
        // hyper queues the body's own `Bytes` beside the headers only for vectored IO (it
        // copies everything into one buffer otherwise), and that is what lets the body be
        // recognised here.
        true
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_inside_a_mirrored_body_are_found_at_their_offset() {
        let data: Vec<u8> = (0..MIN_MIRRORED * 2).map(|i| (i % 251) as u8).collect();
        let bytes = body(data.clone());
        let (_, offset) = find(&bytes[..]).expect("registered");
        assert_eq!(offset, 0);
        let (file, offset) = find(&bytes[100..MIN_MIRRORED + 200]).expect("inside");
        assert_eq!(offset, 100);
        let mut read = vec![0u8; 50];
        let n = rustix::io::pread(&*file, &mut read, offset).unwrap();
        assert_eq!(&read[..n], &data[100..150]);
        // A copy of the bytes elsewhere is not the registered buffer.
        let copy = data.clone();
        assert!(find(&copy[..]).is_none());
        // Once the last handle drops the registration goes with it.
        let start = bytes.as_ptr() as usize;
        let clone = bytes.clone();
        drop(bytes);
        assert!(find(&clone[..]).is_some());
        drop(clone);
        assert!(!regions().read().unwrap().contains_key(&start));
    }

    #[test]
    fn small_bodies_are_not_mirrored() {
        let bytes = body(vec![7u8; MIN_MIRRORED - 1]);
        assert!(find(&bytes[..]).is_none());
    }
}
