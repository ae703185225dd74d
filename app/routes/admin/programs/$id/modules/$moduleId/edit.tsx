/** /admin/programs/{id}/modules/{moduleId}/edit: the add dialog's module (../new.tsx), which edits when its address names a module. */
export { action, default, ErrorBoundary, handle, loader } from '~/routes/admin/programs/$id/modules/new'
