/** Applies the theme: the OS's (followed live) unless the person chose light or dark. */
import { useEffect } from 'react';
import { useApp } from '../store/store';

export function useTheme(): void {
  const pref = useApp((s) => s.themePref);
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const theme = pref === 'system' ? (media.matches ? 'dark' : 'light') : pref;
      document.documentElement.dataset.theme = theme;
    };
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [pref]);
}
