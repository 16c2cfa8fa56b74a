export const CHECKOUT_FRAMES: string[];
export const RAISE_STOCK_SQL: string;
