import { type ReactNode, createContext, useCallback, useContext, useMemo, useState } from 'react';
import { type LayoutConfig, loadPrefs, updatePrefs } from '../../lib/prefs';

interface LayoutConfigValue {
  config: LayoutConfig;
  update: (change: Partial<LayoutConfig>) => void;
}

const LayoutConfigContext = createContext<LayoutConfigValue | null>(null);

/** The layout config of seed spec §3, kept per browser. */
export function LayoutConfigProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<LayoutConfig>(() => loadPrefs().layout);
  const update = useCallback((change: Partial<LayoutConfig>) => {
    setConfig((prev) => {
      const next = { ...prev, ...change };
      updatePrefs((p) => ({ ...p, layout: next }));
      return next;
    });
  }, []);
  const value = useMemo(() => ({ config, update }), [config, update]);
  return <LayoutConfigContext.Provider value={value}>{children}</LayoutConfigContext.Provider>;
}

export function useLayoutConfig(): LayoutConfigValue {
  const v = useContext(LayoutConfigContext);
  if (!v) throw new Error('useLayoutConfig outside LayoutConfigProvider');
  return v;
}

/** Light is light; Dark and Transparent are drawn on the dark scheme. */
export function colorSchemeOf(config: Pick<LayoutConfig, 'variant'>): 'light' | 'dark' {
  return config.variant === 'Light' ? 'light' : 'dark';
}
