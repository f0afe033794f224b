// What answering one HTTP request over loopback costs the kernel alone (issue 21): the
// floor under any server's CPU per request in `make bench` on this machine.
//
// A server thread answers 64 keep-alive connections through epoll, one recv and one
// response per request, with no HTTP work at all; one client thread (like wrk) sends the
// next request on a connection as soon as the whole previous response has arrived. Printed:
// the server thread's CPU time per response. The response is a 300-byte head and a body,
// written with one writev (mode 0, the copy hyper makes) or with send(MSG_MORE) for the
// head and sendfile from a memfd for the body (mode 1, no copy into the socket).
//
//   gcc -O2 -o /tmp/loopback_floor bench/loopback_floor.c -lpthread
//   /tmp/loopback_floor 650 0        # /healthz-sized answer
//   /tmp/loopback_floor 40473 0      # the catalogue page, writev
//   /tmp/loopback_floor 40473 1      # the catalogue page, sendfile
#define _GNU_SOURCE
#include <fcntl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#define CONNECTIONS 64
#define HEAD 300
static long requests = 200000;
static size_t size = 650;
static int mode = 0, body_fd, listener;
static struct sockaddr_in address;
static const char REQUEST[] = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
static char *response;
static volatile int finished = 0;

static double thread_cpu(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void pause_briefly(void) { // the socket is full: the client is still reading
  struct timespec t = {0, 20000};
  nanosleep(&t, NULL);
}

static void answer(int fd) {
  if (mode == 0) {
    struct iovec parts[2] = {{response, HEAD}, {response + HEAD, size - HEAD}};
    size_t left = size;
    while (left) {
      ssize_t n = writev(fd, parts, 2);
      if (n <= 0) { pause_briefly(); continue; }
      left -= n;
      for (int i = 0; i < 2; i++) {
        size_t step = (size_t)n < parts[i].iov_len ? (size_t)n : parts[i].iov_len;
        parts[i].iov_base = (char *)parts[i].iov_base + step;
        parts[i].iov_len -= step;
        n -= step;
      }
    }
  } else {
    size_t sent = 0;
    while (sent < HEAD) {
      ssize_t n = send(fd, response + sent, HEAD - sent, MSG_MORE);
      if (n <= 0) { pause_briefly(); continue; }
      sent += n;
    }
    off_t offset = 0;
    while ((size_t)offset < size - HEAD)
      if (sendfile(fd, body_fd, &offset, size - HEAD - offset) <= 0) pause_briefly();
  }
}

static void *server(void *unused) {
  int poll = epoll_create1(0);
  for (int i = 0; i < CONNECTIONS; i++) {
    int fd = accept(listener, NULL, NULL);
    fcntl(fd, F_SETFL, O_NONBLOCK);
    struct epoll_event event = {.events = EPOLLIN | EPOLLET, .data.fd = fd};
    epoll_ctl(poll, EPOLL_CTL_ADD, fd, &event);
  }
  double start = thread_cpu();
  char buffer[4096];
  struct epoll_event events[64];
  long served = 0;
  while (served < requests) {
    int ready = epoll_wait(poll, events, 64, -1);
    for (int i = 0; i < ready; i++) {
      // One request at a time per connection: one recv, one answer (then epoll again).
      if (recv(events[i].data.fd, buffer, sizeof buffer, 0) > 0) {
        answer(events[i].data.fd);
        served++;
      }
    }
  }
  printf("%zu-byte answers by %s: server thread %.2f us per request\n", size,
         mode ? "sendfile" : "writev", (thread_cpu() - start) * 1e6 / served);
  finished = 1;
  return NULL;
}

static void *client(void *unused) {
  int poll = epoll_create1(0), fds[CONNECTIONS];
  size_t received[CONNECTIONS] = {0};
  for (int i = 0; i < CONNECTIONS; i++) {
    fds[i] = socket(AF_INET, SOCK_STREAM, 0);
    connect(fds[i], (struct sockaddr *)&address, sizeof address);
  }
  for (int i = 0; i < CONNECTIONS; i++) {
    fcntl(fds[i], F_SETFL, O_NONBLOCK);
    struct epoll_event event = {.events = EPOLLIN | EPOLLET, .data.u32 = i};
    epoll_ctl(poll, EPOLL_CTL_ADD, fds[i], &event);
    send(fds[i], REQUEST, sizeof REQUEST - 1, 0);
  }
  static char buffer[1 << 16];
  struct epoll_event events[64];
  while (!finished) {
    int ready = epoll_wait(poll, events, 64, 100);
    for (int i = 0; i < ready; i++) {
      int c = events[i].data.u32;
      ssize_t n;
      while ((n = recv(fds[c], buffer, sizeof buffer, 0)) > 0) {
        received[c] += n;
        if (received[c] >= size) { // the whole answer: ask again
          received[c] -= size;
          send(fds[c], REQUEST, sizeof REQUEST - 1, MSG_NOSIGNAL);
        }
      }
    }
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc > 1) size = atol(argv[1]);
  if (argc > 2) mode = atoi(argv[2]);
  if (argc > 3) requests = atol(argv[3]);
  if (size <= HEAD) size = HEAD + 1;
  response = malloc(size);
  memset(response, 'x', size);
  body_fd = memfd_create("body", 0);
  if (write(body_fd, response + HEAD, size - HEAD) != (ssize_t)(size - HEAD)) return 1;
  listener = socket(AF_INET, SOCK_STREAM, 0);
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  if (bind(listener, (struct sockaddr *)&address, sizeof address) || listen(listener, 128)) return 1;
  getsockname(listener, (struct sockaddr *)&address, &length);
  pthread_t s, c;
  pthread_create(&s, NULL, server, NULL);
  pthread_create(&c, NULL, client, NULL);
  pthread_join(s, NULL);
  pthread_join(c, NULL);
  return 0;
}
