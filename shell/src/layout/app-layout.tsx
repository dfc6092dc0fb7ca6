import { Outlet } from 'react-router';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';
import styles from './layout.module.css';
import { useScrollToTop } from './use-scroll-to-top.ts';

export function AppLayout() {
  useScrollToTop();
  return (
    <div className={styles.page}>
      <Header />
      <main className={styles.main} id="main">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
