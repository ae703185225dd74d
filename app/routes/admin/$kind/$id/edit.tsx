/** /admin/{kind}/:id/edit: the add dialog's module (../new.tsx), which edits when its address has an id. */
export { action, default, ErrorBoundary, handle, loader } from '~/routes/admin/$kind/new'
