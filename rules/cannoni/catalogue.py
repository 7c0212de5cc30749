"""Historical ships of 1795-1815, ready to play.

`guns` counts long guns only; carronades and French/Spanish obusiers go in
`carronades`, because Appendix B adds them as a separate bonus. Skill
adjustments and sailing flags are used only where a source says why.
"""
from __future__ import annotations

from rules.cannoni.builder import ShipSpec, build_logbook
from rules.cannoni.logbook import LogBook

CATALOGUE: dict[str, ShipSpec] = {
    "hms_victory": ShipSpec(
        name="HMS Victory", nation="britain", ship_class=1, type="ship of the line",
        guns=102, carronades=2, decks=3, crew_men=821,
        notes="Trafalgar 1805: 30x32, 28x24, 44x12-pdr long guns, 2x68-pdr carronades (Goodwin, The Ships of Trafalgar).",
    ),
    "santisima_trinidad": ShipSpec(
        name="Santísima Trinidad", nation="spain", ship_class=1, type="ship of the line",
        guns=120, carronades=16, decks=4, crew_men=1050, leewardly=True,
        notes="1805: 32x36, 34x24, 36x12, 18x8-pdr + 16x24-pdr obuses, 4 pedreros not counted; reputed a poor, leewardly sailer (threedecks.org; Harbron, Trafalgar and the Spanish Navy).",
    ),
    "redoutable": ShipSpec(
        name="Redoutable", nation="france", ship_class=3, type="ship of the line",
        guns=74, carronades=4, decks=2, crew_men=643, combat_adj=1,
        notes="Téméraire class 74: 28x36, 30x24, 16x8-pdr + 4x36-pdr obusiers; Lucas drilled his crew for boarding and musketry (Fremont-Barnes, Victory vs Redoutable).",
    ),
    "bucentaure": ShipSpec(
        name="Bucentaure", nation="france", ship_class=3, type="ship of the line",
        guns=80, carronades=6, decks=2, crew_men=840,
        notes="Villeneuve's flagship, 80-gun two-decker: 30x36, 32x24, 18x12-pdr + 6x36-pdr obusiers (Roche, Dictionnaire des bâtiments).",
    ),
    "hms_bellerophon": ShipSpec(
        name="HMS Bellerophon", nation="britain", ship_class=3, type="ship of the line",
        guns=74, decks=2, crew_men=550,
        notes="Arrogant class 74: 28x32, 28x18, 18x9-pdr, complement 550 (Winfield, British Warships 1714-1792; Cordingly, Billy Ruffian).",
    ),
    "vrijheid": ShipSpec(
        name="Vrijheid", nation="netherlands", ship_class=3, type="ship of the line",
        guns=74, decks=2, crew_men=550,
        notes="De Winter's flagship at Camperdown 1797, 74 guns, 550 men (Colledge, Ships of the Royal Navy, as HMS Vryheid).",
    ),
    "rainha_de_portugal": ShipSpec(
        name="Rainha de Portugal", nation="portugal", ship_class=3, type="ship of the line",
        guns=74, decks=2, crew_men=670,
        notes="Lisbon 1791, Niza's squadron off Malta 1798, 74 guns, 670 men with soldiers (Revista da Armada 1972; Biblioteca Central da Marinha).",
    ),
    "uss_constitution": ShipSpec(
        name="USS Constitution", nation="usa", ship_class=5, type="heavy frigate",
        guns=32, carronades=24, decks=1, crew_men=456, manoeuvre=7, gunnery_adj=1,
        notes="vs Guerriere 1812: 30x24-pdr, 2x18-pdr chasers, 24x32-pdr carronades, 456 men; Hull's drilled gun crews (Daughan, 1812: The Navy's War; T. G. Martin).",
    ),
    "hms_indefatigable": ShipSpec(
        name="HMS Indefatigable", nation="britain", ship_class=5, type="razee frigate",
        guns=28, carronades=18, decks=1, crew_men=330, manoeuvre=8, weatherly=True,
        notes="Pellew's razee 1796: 26x24, 2x12-pdr + 18x42-pdr carronades, 330 men; clawed off a lee shore in Jan 1797 (James, Naval History vol. I).",
    ),
    "virginie": ShipSpec(
        name="Virginie", nation="france", ship_class=5, type="frigate",
        guns=40, carronades=4, decks=1, crew_men=339, manoeuvre=7,
        notes="40-gun frigate taken by Indefatigable 1796: 28x18, 12x8-pdr + 4x36-pdr carronades, 339 men; Bergeret's 'masterly manoeuvres' (James, vol. I).",
    ),
    "santa_sabina": ShipSpec(
        name="Santa Sabina", nation="spain", ship_class=5, type="frigate",
        guns=40, decks=1, crew_men=286,
        notes="Don Jacobo Stuart's frigate vs Minerve 1796: 28x18, 12x8-pdr, 286 men (Nelson's dispatch; Sugden, Nelson).",
    ),
    "hms_surprise": ShipSpec(
        name="HMS Surprise", nation="britain", ship_class=6, type="post ship",
        guns=34, carronades=6, decks=1, crew_men=220,
        notes="Ex-French Unité, rated 28: 24x9, 10x4-pdr + 6x12-pdr carronades, war complement 220 (Winfield, British Warships 1793-1817).",
    ),
    "bayonnaise": ShipSpec(
        name="Bayonnaise", nation="france", ship_class=6, type="corvette",
        guns=30, carronades=2, decks=1, crew_men=250, combat_adj=1,
        notes="Took HMS Ambuscade by boarding 1798: 24x8, 6x6-pdr + 2x36-pdr carronades, ~220 men and 30 Alsace soldiers (James, vol. II).",
    ),
    "uss_wasp": ShipSpec(
        name="USS Wasp", nation="usa", ship_class=7, type="sloop of war",
        guns=2, carronades=16, decks=1, crew_men=138,
        notes="vs HMS Frolic 1812: 16x32-pdr carronades, 2x12-pdr long guns, 138 men (James, vol. VI; Roosevelt, The Naval War of 1812).",
    ),
    "hms_sophie": ShipSpec(
        name="HMS Sophie", nation="britain", ship_class=8, type="brig-sloop",
        guns=14, decks=1, crew_men=90,
        notes="Fictional (O'Brian, Master and Commander), modelled on HMS Speedy: 14x4-pdr, establishment of 90 men.",
    ),
    "hms_speedy": ShipSpec(
        name="HMS Speedy", nation="britain", ship_class=8, type="brig-sloop",
        guns=14, decks=1, crew_men=54, manoeuvre=8,
        notes="Cochrane's brig vs El Gamo 1801: 14x4-pdr, 54 picked men aboard (Cochrane's report; Winfield, British Warships 1714-1792).",
    ),
    "hms_entreprenante": ShipSpec(
        name="HMS Entreprenante", nation="britain", ship_class=8, type="cutter",
        guns=0, carronades=10, decks=1, crew_men=40, mast_boxes=(8,),
        notes="Cutter at Trafalgar: 10x12-pdr carronades from 1803, 40 men; one mast carries the class's 8 rigging boxes (Winfield, British Warships 1793-1817).",
    ),
}


def catalogue_logbooks() -> dict[str, LogBook]:
    return {ship_id: build_logbook(spec) for ship_id, spec in CATALOGUE.items()}


def get_logbook(ship_id: str) -> LogBook:
    try:
        spec = CATALOGUE[ship_id]
    except KeyError:
        raise KeyError(f"unknown ship {ship_id!r}; known ids: {', '.join(sorted(CATALOGUE))}") from None
    return build_logbook(spec)
