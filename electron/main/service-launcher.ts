/**
 * Starts the local service as an Electron utility process (a Node process Electron manages and
 * ends with the app), in the shape the supervisor expects.
 */
import { utilityProcess } from 'electron';
import type { ServiceLauncher } from '../../core/supervisor/local-service';

export function utilityProcessLauncher(entry: string, cwd: string): ServiceLauncher {
  return (args) => {
    const child = utilityProcess.fork(entry, [...args], {
      stdio: 'pipe',
      serviceName: 'Kikitori local speech recognition service',
      cwd,
    });
    let exited = false;
    child.once('exit', () => (exited = true));
    if (!child.stdout || !child.stderr) throw new Error('the service process has no output pipes');
    return {
      get pid() {
        return child.pid;
      },
      stdout: child.stdout,
      stderr: child.stderr,
      exited: () => exited,
      // A utility process reports its exit code only; a signal shows as that code.
      onExit: (handler) => child.once('exit', (code) => handler(code, null)),
      kill: (signal) => {
        if (signal === 'SIGKILL' && child.pid) process.kill(child.pid, 'SIGKILL');
        else child.kill();
      },
    };
  };
}
