import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ChildProcess {
  /// A started child and the parent's ends of its pipes.
  struct Spawned {
    let pid: pid_t
    let input: Int32
    let output: Int32
    let error: Int32?
  }

  // Held from making the pipes to the spawn, so a child started by another test at the same
  // moment cannot inherit a pipe end before it is marked close-on-exec (`pipe2` is not
  // exported by Glibc).
  private static let spawnLock = NSLock()

  /// Makes the pipes and spawns the child with them on 0, 1 and 2.
  static func spawn(
    path: String, arguments: [String], environment: [String: String],
    mergingStandardError: Bool
  ) throws(Failure) -> Spawned {
    spawnLock.lock()
    defer { spawnLock.unlock() }
    let stdin = try makePipe()
    let stdout: (read: Int32, write: Int32)
    do { stdout = try makePipe() } catch {
      closeAll([stdin.read, stdin.write])
      throw error
    }
    let stderr: (read: Int32, write: Int32)?
    do { stderr = mergingStandardError ? nil : try makePipe() } catch {
      closeAll([stdin.read, stdin.write, stdout.read, stdout.write])
      throw error
    }
    let childEnds = [stdin.read, stdout.write] + (stderr.map { [$0.write] } ?? [])
    let parentEnds = [stdin.write, stdout.read] + (stderr.map { [$0.read] } ?? [])
    let result = start(
      path: path, arguments: [path] + arguments,
      environment: environment.map { "\($0.key)=\($0.value)" },
      descriptors: [stdin.read, stdout.write, stderr?.write ?? stdout.write])
    closeAll(childEnds)
    switch result {
    case .success(let pid):
      return Spawned(pid: pid, input: stdin.write, output: stdout.read, error: stderr?.read)
    case .failure(let error):
      closeAll(parentEnds)
      throw Failure(description: "cannot start \(path): \(reason(error.code))")
    }
  }

  /// A pipe whose two ends are close-on-exec: `dup2` onto 0, 1, 2 in the child clears the
  /// flag on the copies, and every other child of the test process gets neither end.
  private static func makePipe() throws(Failure) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw Failure(description: "pipe: \(reason(errno))")
    }
    for end in ends where fcntl(end, F_SETFD, FD_CLOEXEC) != 0 {
      let code = errno
      closeAll(ends)
      throw Failure(description: "fcntl(FD_CLOEXEC): \(reason(code))")
    }
    return (ends[0], ends[1])
  }

  private static func closeAll(_ descriptors: [Int32]) {
    for descriptor in Set(descriptors) { close(descriptor) }
  }

  /// `posix_spawn` with `descriptors` duplicated onto 0, 1 and 2, default signal handling and
  /// an empty signal mask (a test thread's mask and the test process's ignored SIGPIPE must
  /// not leak into the child).
  private static func start(
    path: String, arguments: [String], environment: [String], descriptors: [Int32]
  ) -> Result<pid_t, SpawnError> {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, source) in descriptors.enumerated() {
      posix_spawn_file_actions_adddup2(&actions, source, Int32(target))
    }
    for source in Set(descriptors) where source > 2 {
      posix_spawn_file_actions_addclose(&actions, source)
    }
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2] {
      sigaddset(&defaults, number)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    return code == 0 ? .success(pid) : .failure(SpawnError(code: code))
  }

  struct SpawnError: Error {
    let code: Int32
  }
}
