/**
 * Starts the local service as an Electron utility process (a Node process Electron manages and
 * ends with the app), in the shape the supervisor expects. The RunAsNode fuse is off, so this is
 * the only way the app runs Node code outside the main process.
 */
import { app, utilityProcess } from 'electron';
import type { ServiceLauncher } from '../../core/supervisor/local-service';
import { packagedServiceEnv } from './service-paths';

export function utilityProcessLauncher(entry: string, cwd: string): ServiceLauncher {
  // Packaged, the app folder is app.asar (a file, no working directory), and the engine ships
  // beside it in resources/engine.
  const packaged = app.isPackaged;
  const workingDir = packaged ? process.resourcesPath : cwd;
  const env = packaged
    ? { ...process.env, ...packagedServiceEnv(process.resourcesPath) }
    : { ...process.env };
  return (args) => {
    const child = utilityProcess.fork(entry, [...args], {
      stdio: 'pipe',
      serviceName: 'Kikitori local speech recognition service',
      cwd: workingDir,
      env,
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
