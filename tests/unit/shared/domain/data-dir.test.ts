import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../../../shared/domain/data-dir';

describe('defaultDataDir', () => {
  it('puts app and service side by side under the XDG data home, or ~/.local/share', () => {
    expect(defaultDataDir('app', {}, '/home/ann')).toBe('/home/ann/.local/share/kikitori/app');
    expect(defaultDataDir('service', {}, '/home/ann/')).toBe(
      '/home/ann/.local/share/kikitori/service',
    );
    const env = { XDG_DATA_HOME: '/data/' };
    expect(defaultDataDir('app', env, '/home/ann')).toBe('/data/kikitori/app');
    expect(defaultDataDir('service', env, '/home/ann')).toBe('/data/kikitori/service');
  });

  it('lets KIKITORI_DATA_DIR move the app folder only; an empty variable counts as unset', () => {
    const env = { KIKITORI_DATA_DIR: '/tmp/k', XDG_DATA_HOME: '' };
    expect(defaultDataDir('app', env, '/home/ann')).toBe('/tmp/k');
    expect(defaultDataDir('service', env, '/home/ann')).toBe(
      '/home/ann/.local/share/kikitori/service',
    );
    expect(defaultDataDir('app', { KIKITORI_DATA_DIR: '' }, '/h')).toBe(
      '/h/.local/share/kikitori/app',
    );
  });
});
