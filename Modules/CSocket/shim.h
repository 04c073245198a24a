// accept4(2) for Swift on Linux: Glibc's Swift module is built without _GNU_SOURCE, so it
// does not declare accept4, though glibc exports it (since 2.10). Declared here with the
// prototype the manual page gives, and wrapped, so no Swift code turns a symbol's address
// into a function.
#ifndef CSOCKET_SHIM_H
#define CSOCKET_SHIM_H

#include <sys/socket.h>

#ifdef __linux__
extern int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);

/// Accepts a connection that is close-on-exec from the moment it exists (SOCK_CLOEXEC), and
/// non-blocking too when `nonblocking` is non-zero. Returns the descriptor, or -1 and errno.
static inline int csocket_accept_cloexec(int listener, int nonblocking) {
  int flags = SOCK_CLOEXEC | (nonblocking ? SOCK_NONBLOCK : 0);
  return accept4(listener, (struct sockaddr *)0, (socklen_t *)0, flags);
}
#endif

#endif
