/**
 * What the shell and the remotes share as `react-router` (see shared-singletons.ts): the declarative
 * router's components and hooks. A shared module cannot be tree-shaken, and the whole package (data
 * routers, server rendering, React Server Components) is four times this. A name an app imports that is
 * missing here fails its build; add it to this list.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  createSearchParams,
  generatePath,
  matchPath,
  resolvePath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'react-router-package';
