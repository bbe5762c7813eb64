import type { SessionData } from '@duka/domain';

/**
 * The four local-storage entries of seed spec §3. They are for display only: the session itself
 * is an HttpOnly cookie the page cannot read, and the server trusts none of this.
 */
export const STORAGE_KEYS = {
  userToken: 'ut',
  shopDetails: 'shop_details',
  userRoles: 'user_roles',
  stockTaking: 'stock_taking',
} as const;

export const DEFAULT_AVATAR = 'profile.png';

export interface StoredUserToken {
  uid: string;
  nm: string;
  img: string;
  role: string;
}

/**
 * Whether the signed-in business is kept by a shop's PC on this hosted copy (`synced_from_shop`):
 * kept in memory only (not one of the four entries), for the API client's write check.
 */
let keptByShop = false;
export const noteKeptByShop = (kept: boolean): void => {
  keptByShop = kept;
};
export const isKeptByShop = (): boolean => keptByShop;

export function storeSession(data: SessionData): void {
  noteKeptByShop(data.synced_from_shop);
  const ut: StoredUserToken = {
    uid: data.user.uid,
    nm: data.user.nm,
    img: data.user.img,
    role: data.user.role,
  };
  localStorage.setItem(STORAGE_KEYS.userToken, JSON.stringify(ut));
  localStorage.setItem(STORAGE_KEYS.shopDetails, JSON.stringify(data.shop_details));
  localStorage.setItem(STORAGE_KEYS.userRoles, JSON.stringify(data.user_roles));
  localStorage.setItem(STORAGE_KEYS.stockTaking, JSON.stringify(data.stock_taking));
}

export function readUserToken(): StoredUserToken | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.userToken);
    return raw ? (JSON.parse(raw) as StoredUserToken) : null;
  } catch {
    return null;
  }
}

/** After a profile image change the stored image name follows (seed spec §4). */
export function storeUserImage(img: string): void {
  const ut = readUserToken();
  if (ut) localStorage.setItem(STORAGE_KEYS.userToken, JSON.stringify({ ...ut, img }));
}

/** After the business profile changes, the stored shop details follow (seed spec §3, §4). */
export function storeShopDetails(details: SessionData['shop_details']): void {
  localStorage.setItem(STORAGE_KEYS.shopDetails, JSON.stringify(details));
}

export function readShopDetails(): { name: string; online_offline: string } | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.shopDetails);
    return raw ? (JSON.parse(raw) as { name: string; online_offline: string }) : null;
  } catch {
    return null;
  }
}

/** Logout clears local storage (seed spec §2), and this tab's session storage with it. */
export function clearSessionStorage(): void {
  noteKeptByShop(false);
  localStorage.clear();
  sessionStorage.clear();
}
