/** /admin/programs/{id}/items/{itemId}/edit: the add-item dialog's module, which edits when its address names an item. */
export { action, default, ErrorBoundary, handle, loader } from '~/routes/admin/programs/$id/modules/$moduleId/items/new'
