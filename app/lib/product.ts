/** The product's name, wherever it is written: pages, mail, payment descriptions. */
export const PRODUCT_NAME = 'LeaderForge'
