/** A user's work in progress (migration 0011): the till's cart, parked sales, stock drafts. */
export interface WorkDraftsTable {
  id: string;
  business_id: string;
  user_id: string;
  kind: string;
  slot: string;
  name: string;
  /** JSON the web app keeps; the server never acts on it. */
  body: string;
  created_at: string;
  updated_at: string;
}
