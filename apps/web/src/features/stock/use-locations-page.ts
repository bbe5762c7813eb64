import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Location, locationSchema } from '@duka/domain';
import { api } from '../../lib/api-client';
import { isRefusal, notifyApiError, notifySuccess, serverMessage } from '../../lib/notify';
import { useAllLocations } from './products-api';

/** Makes this server a location's home: its counts and day closes are made here (ADR 11 §11.4). */
function useMoveHome() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const home = useMutation({
    mutationFn: (l: Location) =>
      api(`/api/locations/${l.id}/home`, { method: 'POST', body: {}, schema: locationSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['locations'] }),
  });
  const moveHome = async (l: Location) => {
    try {
      await home.mutateAsync(l);
      notifySuccess(t('stock.locations.homeMoved', { name: l.name }));
    } catch (err) {
      notifyApiError(err);
    }
  };
  return { moveHome, movingHome: home.isPending };
}

/** The locations page's state: the list, adding or renaming one, and (de)activating one. */
export function useLocationsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const locations = useAllLocations();
  const [editing, setEditing] = useState<Location | 'new' | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Location | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: { name?: string; active?: boolean } }) =>
      id
        ? api(`/api/locations/${id}`, { method: 'PATCH', body, schema: locationSchema })
        : api('/api/locations', { method: 'POST', body, schema: locationSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['locations'] }),
  });

  const submit = async () => {
    if (!name.trim()) return setError(t('stock.doc.required'));
    try {
      await save.mutateAsync({
        id: editing === 'new' ? null : (editing?.id ?? null),
        body: { name: name.trim() },
      });
      notifySuccess(
        editing === 'new' ? t('stock.locations.created', { name }) : t('stock.locations.renamed', { name }),
      );
      setEditing(null);
    } catch (err) {
      setError(serverMessage(err));
    }
  };
  const setActive = async (l: Location, active: boolean) => {
    try {
      await save.mutateAsync({ id: l.id, body: { active } });
      notifySuccess(
        active
          ? t('stock.locations.reactivated', { name: l.name })
          : t('stock.locations.deactivated', { name: l.name }),
      );
      setConfirming(null);
    } catch (err) {
      setConfirmError(
        isRefusal(err) && err.code === 'location_holds_stock'
          ? t('stock.locations.holdsStock')
          : serverMessage(err),
      );
    }
  };

  const { moveHome, movingHome } = useMoveHome();
  return {
    locations,
    moveHome,
    movingHome,
    saving: save.isPending,
    naming: { editing, setEditing, name, setName, error, submit },
    open: (l: Location | 'new') => {
      setEditing(l);
      setName(l === 'new' ? '' : l.name);
      setError(null);
    },
    deactivating: { confirming, setConfirming, confirmError, setActive },
    askDeactivate: (l: Location) => {
      setConfirmError(null);
      setConfirming(l);
    },
    reactivate: (l: Location) => void setActive(l, true),
  };
}

export type LocationsPageState = ReturnType<typeof useLocationsPage>;
