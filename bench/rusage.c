/* rusage.c: runs a command under a CPU-time cap and reports the CPU time it
 * used, from the kernel's own account of the child (wait4), so that every
 * program in the bench is timed the same way whatever else the machine runs.
 *   rusage CAP_SECONDS COMMAND [ARG...]
 * The command inherits stdin, stdout and stderr; when it ends, one line goes
 * to stderr, last:
 *   rusage user_s sys_s max_rss_kib status
 * where status is the exit code, or "signal N" (SIGXCPU when the cap hit). */
#define _DEFAULT_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static double secs(struct timeval t) { return (double)t.tv_sec + (double)t.tv_usec * 1e-6; }

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: rusage CAP_SECONDS COMMAND [ARG...]\n");
        return 2;
    }
    long cap = atol(argv[1]);
    pid_t pid = fork();
    if (pid < 0) {
        perror("rusage: fork");
        return 2;
    }
    if (pid == 0) {
        if (cap > 0) {
            /* SIGXCPU at the cap, SIGKILL a second later if it was caught */
            struct rlimit lim = {(rlim_t)cap, (rlim_t)cap + 1};
            setrlimit(RLIMIT_CPU, &lim);
        }
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    int status;
    struct rusage use;
    if (wait4(pid, &status, 0, &use) < 0) {
        perror("rusage: wait4");
        return 2;
    }
    fflush(stdout);
    if (WIFSIGNALED(status))
        fprintf(stderr, "rusage %.6f %.6f %ld signal %d\n", secs(use.ru_utime), secs(use.ru_stime), use.ru_maxrss, WTERMSIG(status));
    else
        fprintf(stderr, "rusage %.6f %.6f %ld %d\n", secs(use.ru_utime), secs(use.ru_stime), use.ru_maxrss, WEXITSTATUS(status));
    return 0;
}
