import { Link } from 'react-router';
import { Breadcrumb } from 'antd';
import { useRouteHandles } from '../routing/useRouteMeta';
import { breadcrumbItems } from '../routing/title';

export default function AppBreadcrumb() {
  const crumbs = breadcrumbItems(useRouteHandles());
  return (
    <Breadcrumb
      className="app-breadcrumb"
      items={crumbs.map((crumb, i) => ({
        key: crumb.path,
        title: i < crumbs.length - 1 ? <Link to={crumb.path}>{crumb.title}</Link> : crumb.title,
      }))}
    />
  );
}
