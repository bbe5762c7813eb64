import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Location, locationSchema, nameKey } from '@duka/domain';
import { api } from '../../lib/api-client';
import { isIdConflict } from '../../lib/api-error';
import {
  isRefusal,
  keyedWriteText,
  notifyApiError,
  notifySuccess,
  notifyWarning,
  serverMessage,
} from '../../lib/notify';
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
/** Saving a location: a rename or (in)activation, or a new one under an id of its own. */
function useSaveLocation() {
  const qc = useQueryClient();
  // a new location's id, kept across retries until it is created: a retry never makes two
  const [newId, setNewId] = useState(() => uuidv7());
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: { name?: string; active?: boolean } }) =>
      id
        ? api(`/api/locations/${id}`, { method: 'PATCH', body, schema: locationSchema })
        : api('/api/locations', {
            method: 'POST',
            body: { ...body, id: newId },
            schema: locationSchema,
            retry: true,
          }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['locations'] }),
  });
  return { save, setNewId };
}

export function useLocationsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const locations = useAllLocations();
  const [editing, setEditing] = useState<Location | 'new' | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Location | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  const { save, setNewId } = useSaveLocation();

  const submit = async () => {
    if (!name.trim()) return setError(t('stock.doc.required'));
    // the server's rule, mirrored: another location of this name could not be told apart
    const own = editing === 'new' ? null : editing?.id;
    if (locations.data?.some((l) => l.id !== own && nameKey(l.name) === nameKey(name)))
      return setError(t('errors.locationNameTaken'));
    try {
      await save.mutateAsync({
        id: editing === 'new' ? null : (editing?.id ?? null),
        body: { name: name.trim() },
      });
      notifySuccess(
        editing === 'new' ? t('stock.locations.created', { name }) : t('stock.locations.renamed', { name }),
      );
      if (editing === 'new') setNewId(uuidv7());
      setEditing(null);
    } catch (err) {
      if (editing === 'new' && isIdConflict(err)) {
        // created under this id with the name first sent, while the answer was lost: that one stands
        setNewId(uuidv7());
        notifyWarning(t('errors.createdEarlier'));
        void qc.invalidateQueries({ queryKey: ['locations'] });
        return setEditing(null);
      }
      setError(keyedWriteText(err));
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
