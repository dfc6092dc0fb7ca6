import { Outlet } from 'react-router';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';
import styles from './layout.module.css';

export function AppLayout() {
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
