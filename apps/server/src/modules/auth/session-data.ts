import { type SessionData, rolesFromFlags } from '@duka/domain';
import type { BusinessRow, UserRow } from '../../db/tables.js';
import { parseFlags } from '../../http/access.js';

/** The seed spec's session data (§3) for a signed-in user. */
export function sessionData(
  user: UserRow,
  business: BusinessRow,
  locationIds: string[],
  mode: 'local' | 'hosted',
  deviceId: string | null,
): SessionData {
  return {
    user: {
      uid: user.id,
      nm: user.name,
      img: user.img,
      role: user.role,
      username: user.username,
      home_location_id: user.home_location_id,
      location_ids: locationIds,
    },
    shop_details: { name: business.name, online_offline: business.online_offline ? '1' : '0' },
    user_roles: rolesFromFlags(parseFlags(user.flags)),
    stock_taking: {},
    business: {
      id: business.id,
      name: business.name,
      logo: business.logo,
      currency: business.currency,
      timezone: business.timezone,
      language: business.language as SessionData['business']['language'],
    },
    mode,
    device_id: deviceId,
  };
}
